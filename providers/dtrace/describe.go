package dtrace

import "github.com/dtrace-go/dtrace/providers"

// attributes are illumos' dtrace provider's.
var attributes = providers.Attributes{
	Provider: providers.Attr{Name: providers.Stable, Data: providers.Stable, Class: providers.ClassCommon},
	Module:   providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassUnknown},
	Function: providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassUnknown},
	Name:     providers.Attr{Name: providers.Stable, Data: providers.Stable, Class: providers.ClassCommon},
	Args:     providers.Attr{Name: providers.Stable, Data: providers.Stable, Class: providers.ClassCommon},
}

// Attributes returns the provider's stability attributes (illumos
// dtrace's): stable provider and probe names and arguments, private
// modules and functions.
func (*Provider) Attributes() providers.Attributes { return attributes }

// ArgTypes returns nil: BEGIN, END and ERROR have no typed arguments.
func (*Provider) ArgTypes(*providers.Probe) ([]string, error) { return nil, nil }
