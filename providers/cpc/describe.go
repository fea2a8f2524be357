package cpc

import "github.com/dtrace-go/dtrace/providers"

// attributes are DTrace's cpc provider's (dt_prov_cpc.c): evolving
// provider, names and arguments, common to every platform, unstable
// modules, private functions.
var attributes = providers.Attributes{
	Provider: providers.Attr{Name: providers.Evolving, Data: providers.Evolving, Class: providers.ClassCommon},
	Module:   providers.Attr{Name: providers.Unstable, Data: providers.Unstable, Class: providers.ClassUnknown},
	Function: providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassUnknown},
	Name:     providers.Attr{Name: providers.Evolving, Data: providers.Evolving, Class: providers.ClassCommon},
	Args:     providers.Attr{Name: providers.Evolving, Data: providers.Evolving, Class: providers.ClassCommon},
}

// Attributes returns the provider's stability attributes.
func (*Provider) Attributes() providers.Attributes { return attributes }

// ArgTypes returns nil: arg0 and arg1 (the kernel and user PCs) are
// untyped, as DTrace's probe_info says of cpc probes.
func (*Provider) ArgTypes(*providers.Probe) ([]string, error) { return nil, nil }
