package fbt

import "github.com/dtrace-go/dtrace/providers"

// attributes are Oracle's fbt provider's: evolving provider and probe
// names of the common class, private modules, functions and arguments.
var attributes = providers.Attributes{
	Provider: providers.Attr{Name: providers.Evolving, Data: providers.Evolving, Class: providers.ClassCommon},
	Module:   providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassUnknown},
	Function: providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassISA},
	Name:     providers.Attr{Name: providers.Evolving, Data: providers.Evolving, Class: providers.ClassCommon},
	Args:     providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassISA},
}

// Attributes returns the provider's stability attributes.
func (*Provider) Attributes() providers.Attributes { return attributes }

// ArgTypes returns the C types of an fbt probe's arguments, those of
// ArgDescs: what dtrace -lv prints is what args[] has.
func (p *Provider) ArgTypes(pr *providers.Probe) ([]string, error) {
	args, known, err := p.ArgDescs(pr)
	if err != nil || !known {
		return nil, err
	}
	ts := make([]string, len(args))
	for i, a := range args {
		ts[i] = a.Type
	}
	return ts, nil
}
