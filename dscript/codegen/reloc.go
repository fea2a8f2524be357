package codegen

import (
	"errors"
	"fmt"
	"strings"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/dscript/types"
)

// A KernelField is a load-time relocation: the constant of the instruction
// that carries it (an add, addField) is the byte offset of a member of a
// kernel type, which differs from one kernel build to the next. The code
// generator writes the offset the types it compiles against give (or 0)
// and Program.Relocate sets the running kernel's, so that a compiled
// program does not depend on the kernel it was compiled against.
type KernelField struct {
	// Kind and Tag name the type as the runner's lookup finds it: a
	// struct or union by its tag ("struct", "task_struct"), or a typedef
	// of one by its name ("typedef", "rwlock_t").
	Kind string
	Tag  string
	// Path names the members from the tagged type: the offset is that of
	// the last one within the type the others lead to (members of
	// anonymous records are found as C finds them).
	Path []string
}

func (f *KernelField) String() string {
	return f.Kind + " " + f.Tag + "." + strings.Join(f.Path, ".")
}

// ErrKernelField is returned (wrapped) by Relocate when the running
// kernel's types lack a member the program reads.
var ErrKernelField = errors.New("kernel member not found")

type kernelFieldMeta struct{}

// withKernelField attaches f to ins.
func withKernelField(ins asm.Instruction, f *KernelField) asm.Instruction {
	ins.Metadata.Set(kernelFieldMeta{}, f)
	return ins
}

// KernelFieldOf returns the relocation ins carries, or nil.
func KernelFieldOf(ins *asm.Instruction) *KernelField {
	f, _ := ins.Metadata.Get(kernelFieldMeta{}).(*KernelField)
	return f
}

// Offset returns the offset f names in the types lookup finds: lookup(kind,
// tag) returns the type of that kind and tag or name (a typedef's members
// are its record's), or nil.
func (f *KernelField) Offset(lookup func(kind, tag string) *types.Type) (int64, error) {
	t := lookup(f.Kind, f.Tag)
	if t == nil || len(f.Path) == 0 {
		return 0, fmt.Errorf("resolve %s: %w", f, ErrKernelField)
	}
	var off int64
	for i, name := range f.Path {
		m, ok := t.Member(name)
		if !ok {
			return 0, fmt.Errorf("resolve %s: %w", f, ErrKernelField)
		}
		if i == len(f.Path)-1 {
			off = m.Offset
		}
		t = m.Type
	}
	return off, nil
}

// Relocate sets every kernel member offset in p's clause functions to the
// one lookup's types give (those of the running kernel's BTF). It must run
// before the clauses are linked and loaded; it changes p in place. The
// functions Clause.Funcs hold read no kernel member.
func (p *Program) Relocate(lookup func(kind, tag string) *types.Type) error {
	for _, c := range p.Clauses {
		if err := RelocateInsns(c.Insns, lookup); err != nil {
			return err
		}
	}
	return nil
}

// RelocateInsns is Relocate for one instruction sequence, such as
// VtimeTracker's program.
func RelocateInsns(insns asm.Instructions, lookup func(kind, tag string) *types.Type) error {
	for i := range insns {
		f := KernelFieldOf(&insns[i])
		if f == nil {
			continue
		}
		off, err := f.Offset(lookup)
		if err != nil {
			return err
		}
		insns[i].Constant = off
	}
	return nil
}

// NeedsKernelTypes reports whether p has kernel member offsets to relocate.
func (p *Program) NeedsKernelTypes() bool {
	for _, c := range p.Clauses {
		for i := range c.Insns {
			if KernelFieldOf(&c.Insns[i]) != nil {
				return true
			}
		}
	}
	return false
}

// addKernelField adds to R0 the offset of the member path in the kernel
// type kind tag (see KernelField): known, the offset in the types the
// program is compiled against (0 where it has none), until the program
// is relocated to the running kernel's.
func (c *clauseGen) addKernelField(kind, tag string, path []string, known int64) {
	c.emit(addField(asm.R0, kind, tag, path, known))
}

// addField is dst += the offset of a kernel member (see addKernelField).
func addField(dst asm.Register, kind, tag string, path []string, known int64) asm.Instruction {
	return withKernelField(asm.Add.Imm(dst, int32(known)), &KernelField{Kind: kind, Tag: tag, Path: path})
}

// kernelModule is the Module of the types converted from the kernel's
// BTF: the records whose member offsets are relocated. It is
// dscript/ktypes's Module, which the package's tests check it against:
// the code generator does not import the package that reads the
// kernel's types.
const kernelModule = "vmlinux"
