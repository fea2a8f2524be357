package usdt

import (
	"fmt"
	"strings"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/probe"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/internal/tramp"
	"github.com/dtrace-go/dtrace/providers/internal/uprobe"
	"github.com/dtrace-go/dtrace/symtab"
)

// Plan places a uprobe at every site of the probes, all served by one
// program that tells the sites apart by their cookies and fills each
// site's arguments from its own locations; a site guarded by a semaphore
// has the kernel count itself in it while it is attached.
func (p *Provider) Plan(probes []*providers.Probe) ([]*providers.Attachment, error) {
	return plan(p.name, p.pid, probes)
}

// plan places probes for process pid, 0 for every process.
func plan(name string, pid int, probes []*providers.Probe) ([]*providers.Attachment, error) {
	var sites []uprobe.Site
	for _, pr := range probes {
		d, ok := pr.Data.(*Probe)
		if !ok {
			return nil, fmt.Errorf("%s provider: %s is not a USDT probe", name, probe.Name(pr.Provider, pr.Module, pr.Function, pr.Name))
		}
		for _, s := range d.Sites {
			us, err := site(pr, s)
			if err != nil {
				return nil, fmt.Errorf("%s provider: %s: %w", name, probe.Name(pr.Provider, pr.Module, pr.Function, pr.Name), err)
			}
			sites = append(sites, us)
		}
	}
	return uprobe.Plan(strings.TrimSuffix(name, "*"), pid, sites)
}

// site returns the uprobe site of s.
func site(pr *providers.Probe, s Site) (uprobe.Site, error) {
	im := s.Object.Image
	off, ok := im.FileOffset(s.Note.Addr)
	if !ok || off == 0 {
		return uprobe.Site{}, fmt.Errorf("no code at %#x in %s", s.Note.Addr, s.Object.Path)
	}
	us := uprobe.Site{Probe: pr, Object: s.Object, Offset: off}
	if s.Note.Semaphore != 0 {
		if us.RefCtr, ok = im.FileOffset(s.Note.Semaphore); !ok {
			return uprobe.Site{}, fmt.Errorf("semaphore at %#x outside the file of %s", s.Note.Semaphore, s.Object.Path)
		}
	}
	f := fill{args: s.Note.Args, rel: make([]int64, len(s.Note.Args))}
	for i, a := range s.Note.Args {
		if a.Kind != symtab.SDTMemory {
			continue
		}
		switch {
		case a.Symbol != "":
			v, ok := im.Symbol(a.Symbol)
			if !ok {
				return uprobe.Site{}, fmt.Errorf("argument %d: no symbol %s in %s", i, a.Symbol, s.Object.Path)
			}
			// Where the symbol is from the site: the same in every
			// process, wherever it loads the object.
			f.rel[i] = int64(v - s.Note.Addr)
		case a.Base.Name == "rip":
			return uprobe.Site{}, fmt.Errorf("argument %d: %%rip-relative without a symbol", i)
		}
	}
	us.Fill = f
	return us, nil
}

// fill fills a site's arguments from the locations its note gives.
type fill struct {
	args []symtab.SDTArg
	// rel holds, for a memory argument at a symbol, the symbol's address
	// less the site's: the address is the site's (the uprobe's %rip)
	// plus it.
	rel []int64
}

// Key implements uprobe.Fill.
func (f fill) Key() string {
	var b strings.Builder
	for i, a := range f.args {
		fmt.Fprintf(&b, "%+v@%#x;", a, f.rel[i])
	}
	return b.String()
}

// Insns implements uprobe.Fill: each argument read is loaded (a register
// from the struct pt_regs, memory with bpf_probe_read_user, which leaves 0
// when the address cannot be read), cut to its size and sign- or
// zero-extended.
func (f fill) Insns(use abi.CtxUse, prefix string) (asm.Instructions, error) {
	var insns asm.Instructions
	n := min(len(f.args), use.Slots())
	for i := range n {
		if !use.Arg(i) {
			continue
		}
		a := f.args[i]
		bits := 8 * a.Size
		switch a.Kind {
		case symtab.SDTImmediate:
			v := extend(uint64(a.Value), bits, a.Signed)
			insns = append(insns,
				asm.LoadImm(asm.R0, int64(v), asm.DWord),
				asm.StoreMem(abi.RegProbeCtx, abi.CtxArg(i), asm.R0, asm.DWord))
			continue
		case symtab.SDTRegister:
			off, ok := uprobe.Regs[a.Reg.Name]
			if !ok {
				return nil, fmt.Errorf("argument %d: register %s", i, a.Reg.Name)
			}
			insns = append(insns, asm.LoadMem(asm.R0, abi.RegCtx, off, asm.DWord))
			if a.Reg.Shift > 0 {
				insns = append(insns, asm.RSh.Imm(asm.R0, int32(a.Reg.Shift)))
			}
			bits = min(bits, a.Reg.Bits)
		case symtab.SDTMemory:
			addr, err := f.address(i, a)
			if err != nil {
				return nil, err
			}
			insns = append(insns, addr...)
			insns = append(insns,
				asm.Mov.Reg(asm.R1, abi.RegProbeCtx),
				asm.Add.Imm(asm.R1, int32(abi.CtxArg(i))),
				asm.Mov.Imm(asm.R2, int32(a.Size)),
				asm.FnProbeReadUser.Call(),
				asm.LoadMem(asm.R0, abi.RegProbeCtx, abi.CtxArg(i), sizeOf(a.Size)),
			)
		default:
			return nil, fmt.Errorf("argument %d: unknown kind", i)
		}
		if bits < 64 {
			shift := int32(64 - bits)
			insns = append(insns, asm.LSh.Imm(asm.R0, shift))
			if a.Signed {
				insns = append(insns, asm.ArSh.Imm(asm.R0, shift))
			} else {
				insns = append(insns, asm.RSh.Imm(asm.R0, shift))
			}
		}
		insns = append(insns, asm.StoreMem(abi.RegProbeCtx, abi.CtxArg(i), asm.R0, asm.DWord))
	}
	return append(insns, tramp.ClearArgs(n, use)...), nil
}

// address returns instructions leaving in R3 the address of the memory
// argument i: its registers' values plus its displacement, plus, for an
// argument at a symbol, the symbol's address, which is the site's (%rip,
// where the uprobe fired) plus the symbol's distance from it (%rip-relative
// addressing is how the assembler reached the symbol: %rip itself adds
// nothing else).
func (f fill) address(i int, a symtab.SDTArg) (asm.Instructions, error) {
	insns := asm.Instructions{asm.Mov.Imm(asm.R3, 0)}
	if a.Base.Name != "" && a.Base.Name != "rip" {
		off, ok := uprobe.Regs[a.Base.Name]
		if !ok {
			return nil, fmt.Errorf("argument %d: register %s", i, a.Base.Name)
		}
		insns = asm.Instructions{asm.LoadMem(asm.R3, abi.RegCtx, off, asm.DWord)}
	}
	if a.Index.Name != "" {
		off, ok := uprobe.Regs[a.Index.Name]
		if !ok {
			return nil, fmt.Errorf("argument %d: register %s", i, a.Index.Name)
		}
		insns = append(insns, asm.LoadMem(asm.R4, abi.RegCtx, off, asm.DWord))
		switch a.Scale {
		case 2:
			insns = append(insns, asm.LSh.Imm(asm.R4, 1))
		case 4:
			insns = append(insns, asm.LSh.Imm(asm.R4, 2))
		case 8:
			insns = append(insns, asm.LSh.Imm(asm.R4, 3))
		}
		insns = append(insns, asm.Add.Reg(asm.R3, asm.R4))
	}
	disp := a.Disp
	if a.Symbol != "" {
		disp += f.rel[i]
		insns = append(insns, asm.LoadMem(asm.R4, abi.RegCtx, uprobe.Regs["rip"], asm.DWord), asm.Add.Reg(asm.R3, asm.R4))
	}
	switch {
	case disp == 0:
	case disp == int64(int32(disp)):
		insns = append(insns, asm.Add.Imm(asm.R3, int32(disp)))
	default:
		insns = append(insns, asm.LoadImm(asm.R4, disp, asm.DWord), asm.Add.Reg(asm.R3, asm.R4))
	}
	return insns, nil
}

func sizeOf(n int) asm.Size {
	switch n {
	case 1:
		return asm.Byte
	case 2:
		return asm.Half
	case 4:
		return asm.Word
	}
	return asm.DWord
}

// extend cuts v to bits and sign- or zero-extends it.
func extend(v uint64, bits int, signed bool) uint64 {
	if bits >= 64 {
		return v
	}
	shift := uint(64 - bits)
	if signed {
		return uint64(int64(v<<shift) >> shift)
	}
	return v << shift >> shift
}

// attributes are those of Oracle's USDT providers.
var attributes = providers.Attributes{
	Provider: providers.Attr{Name: providers.Evolving, Data: providers.Evolving, Class: providers.ClassISA},
	Module:   providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassUnknown},
	Function: providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassUnknown},
	Name:     providers.Attr{Name: providers.Evolving, Data: providers.Evolving, Class: providers.ClassISA},
	Args:     providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassUnknown},
}

// Attributes returns the provider's stability attributes.
func (p *Provider) Attributes() providers.Attributes { return attributes }

// ArgTypes returns the C types of a probe's arguments, from the size and
// signedness its first site's note gives them (int32_t, uint64_t).
func (p *Provider) ArgTypes(pr *providers.Probe) ([]string, error) {
	d, ok := pr.Data.(*Probe)
	if !ok || len(d.Sites) == 0 {
		return nil, fmt.Errorf("%s provider: %s is not a USDT probe", p.name, probe.Name(pr.Provider, pr.Module, pr.Function, pr.Name))
	}
	var out []string
	for _, a := range d.Sites[0].Note.Args {
		t := fmt.Sprintf("int%d_t", 8*a.Size)
		if !a.Signed {
			t = "u" + t
		}
		out = append(out, t)
	}
	return out, nil
}
