package pid

import (
	"fmt"

	"github.com/dtrace-go/dtrace/probe"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/internal/uprobe"
)

// Plan places the probes: one program for their uprobes (entries, offsets,
// and the return instructions and tail calls of return probes), attached
// at every site with one uprobe_multi link per object where the kernel has
// them. A site whose instruction the kernel cannot probe is left out, and
// a probe none of whose sites could be placed reported.
func (p *Provider) Plan(probes []*providers.Probe) ([]*providers.Attachment, error) {
	return plan(p.name, p.pid, probes)
}

// plan places probes for process pid, 0 for every process.
func plan(name string, pid int, probes []*providers.Probe) ([]*providers.Attachment, error) {
	var sites []uprobe.Site
	for _, pr := range probes {
		d, ok := pr.Data.(*Probe)
		if !ok {
			return nil, fmt.Errorf("pid provider: %s is not a pid probe", probe.Name(pr.Provider, pr.Module, pr.Function, pr.Name))
		}
		ss, err := sitesOf(pr, d)
		if err != nil {
			return nil, fmt.Errorf("pid provider: %s: %w", probe.Name(pr.Provider, pr.Module, pr.Function, pr.Name), err)
		}
		sites = append(sites, ss...)
	}
	return uprobe.Plan(name, pid, sites)
}

// sites returns where probe pr fires.
func sitesOf(pr *providers.Probe, d *Probe) ([]uprobe.Site, error) {
	code := codeOf{obj: d.Object, fn: d.Func}
	args := uprobe.RegArgs{Regs: uprobe.CArgs, Stack: true}
	if d.Go {
		args = uprobe.RegArgs{Regs: uprobe.GoArgs}
	}
	// At one address, the entry fires first, the return last.
	order := map[Kind]int{KindEntry: 0, KindOffset: 1, KindReturn: 2}[d.Kind]
	site := func(off uint64, fill uprobe.Fill) (uprobe.Site, error) {
		addr := d.Func.Value + off
		foff, ok := d.Object.Image.FileOffset(addr)
		if !ok || foff == 0 {
			return uprobe.Site{}, fmt.Errorf("no code at %#x in %s", addr, d.Object.Path)
		}
		s := uprobe.Site{Probe: pr, Object: d.Object, Offset: foff, Fill: fill, Order: order}
		// Known refusals are not attempted: one refused address fails
		// a whole uprobe_multi link.
		if b, err := d.Object.Image.Code(addr, 16); err == nil {
			in, derr := decodeOne(b)
			s.Refused = derr != nil || in.Op == opVEX || !probeable(b[:in.Len])
		}
		return s, nil
	}
	switch d.Kind {
	case KindEntry:
		off := uint64(0)
		if d.Go {
			// Past the stack check, which runs again after the stack
			// grew.
			insns, _ := code.insns()
			off = uint64(goBodyOffset(insns))
		}
		s, err := site(off, args)
		return []uprobe.Site{s}, err
	case KindOffset:
		s, err := site(d.Offset, args)
		return []uprobe.Site{s}, err
	case KindReturn:
		// A uprobe on each return instruction and tail call (see
		// returns.go): never a uretprobe.
		if len(d.Returns) == 0 {
			return nil, fmt.Errorf("no return instruction in %s", d.Func.Name)
		}
		out := make([]uprobe.Site, 0, len(d.Returns))
		for _, off := range d.Returns {
			s, err := site(uint64(off), uprobe.ReturnArgs{Offset: int32(off), Reg: "rax"})
			if err != nil {
				return nil, err
			}
			out = append(out, s)
		}
		return out, nil
	}
	return nil, fmt.Errorf("unknown kind %d", d.Kind)
}

// attributes are those of Oracle's pid provider.
var attributes = providers.Attributes{
	Provider: providers.Attr{Name: providers.Evolving, Data: providers.Evolving, Class: providers.ClassISA},
	Module:   providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassUnknown},
	Function: providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassUnknown},
	Name:     providers.Attr{Name: providers.Evolving, Data: providers.Evolving, Class: providers.ClassISA},
	Args:     providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassUnknown},
}

// Attributes returns the provider's stability attributes.
func (p *Provider) Attributes() providers.Attributes { return attributes }

// ArgTypes returns nil: the types of a function's arguments are not known.
func (p *Provider) ArgTypes(pr *providers.Probe) ([]string, error) { return nil, nil }
