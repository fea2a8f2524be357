package perf

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/dtrace-go/dtrace/providers"
)

// attributes are those of illumos' sdt provider for the kernel's own
// probes: the names and arguments of tracepoints are the kernel's, which
// changes them between releases.
var attributes = providers.Attributes{
	Provider: providers.Attr{Name: providers.Evolving, Data: providers.Evolving, Class: providers.ClassISA},
	Module:   providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassUnknown},
	Function: providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassUnknown},
	Name:     providers.Attr{Name: providers.Evolving, Data: providers.Evolving, Class: providers.ClassISA},
	Args:     providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassISA},
}

// Attributes returns the provider's stability attributes: evolving names
// of the ISA class, private arguments.
func (p *Provider) Attributes() providers.Attributes { return attributes }

// ArgTypes returns the C types of a tracepoint's arguments, the parameters
// of its TP_PROTO as the kernel's BTF has them (the prototype of typedef
// btf_trace_EVENT, less its first parameter, the context), named as CTF
// names them: "struct task_struct *", "unsigned int", "u64". It returns
// nil for an event BTF has no typedef for, and an error when BTF cannot
// be read.
func (p *Provider) ArgTypes(pr *providers.Probe) ([]string, error) {
	ev, ok := pr.Data.(Event)
	if !ok {
		return nil, fmt.Errorf("%s provider: %s is not a tracepoint probe", p.name, pr.Name)
	}
	tp, err := p.tracepoints()
	if err != nil {
		return nil, fmt.Errorf("describe %s:%s::%s: %w", p.name, ev.Group, ev.Name, err)
	}
	ts, err := tp.argTypes(ev.Name)
	if err != nil {
		return nil, fmt.Errorf("describe %s:%s::%s: %w", p.name, ev.Group, ev.Name, err)
	}
	return ts, nil
}

// ArgDescs returns a tracepoint's typed arguments: ArgTypes's types, each
// argument in its own slot (a raw tracepoint passes each TP_PROTO argument
// as one u64), with the BTF type each was read from. They are not known
// for an event BTF has no typedef for, or when the kernel has no BTF.
func (p *Provider) ArgDescs(pr *providers.Probe) ([]providers.ArgDesc, bool, error) {
	ev, ok := pr.Data.(Event)
	if !ok {
		return nil, false, fmt.Errorf("%s provider: %s is not a tracepoint probe", p.name, pr.Name)
	}
	tp, err := p.tracepoints()
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("describe %s:%s::%s: %w", p.name, ev.Group, ev.Name, err)
	}
	proto, ok := tp.protos[ev.Name]
	if !ok {
		return nil, false, nil
	}
	t, _ := tp.spec.Type(proto)
	args := make([]providers.ArgDesc, t.Vlen()-1)
	for i := range args {
		id := t.Param(i + 1)
		name, err := tp.names.Name(id)
		if err != nil {
			return nil, false, fmt.Errorf("describe %s:%s::%s: argument %d: %w", p.name, ev.Group, ev.Name, i, err)
		}
		args[i] = providers.ArgDesc{Type: name, Slot: i, BTF: tp.spec, ID: id}
	}
	return args, true, nil
}
