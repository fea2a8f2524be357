package bpf

import (
	"errors"
	"fmt"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"golang.org/x/sys/unix"
)

// LoadOptions control Load.
type LoadOptions struct {
	// LogLevel requests a verifier log even on success, in which case it is
	// kept in the program's VerifierLog. Zero loads without a log first
	// and, only if the verifier rejects the program, loads again with
	// ebpf.LogLevelBranch to explain why.
	LogLevel ebpf.LogLevel

	// LogSize is the initial size of the verifier log buffer in bytes. The
	// buffer grows until the whole log fits; zero picks DefaultLogSize.
	LogSize uint32
}

// DefaultLogSize is the verifier log buffer Load starts with. Programs of a
// few thousand instructions log a few MiB when rejected; starting large
// saves reloading them while the buffer grows.
const DefaultLogSize = 4 << 20

// Load loads spec into the kernel. opts may be nil.
//
// Jumps to labels further away than a jump's 16-bit offset reaches are
// rewritten to reach them (with gotol, Linux 6.4).
//
// When the verifier rejects the program the error is a *VerifierError
// telling which instruction was refused and which source annotation it
// belongs to. The caller owns the returned program and must Close it.
func Load(spec *ebpf.ProgramSpec, opts *LoadOptions) (*ebpf.Program, error) {
	if opts == nil {
		opts = &LoadOptions{}
	}
	size := opts.LogSize
	if size == 0 {
		size = DefaultLogSize
	}
	if insns := farJumps(spec.Instructions); len(insns) != len(spec.Instructions) {
		c := *spec
		c.Instructions = insns
		spec = &c
	}
	load := spec
	if opts.LogLevel == 0 {
		load = withoutSources(spec)
	}
	prog, err := ebpf.NewProgramWithOptions(load, ebpf.ProgramOptions{
		LogLevel:     opts.LogLevel,
		LogSizeStart: size,
	})
	if err == nil {
		return prog, nil
	}
	var ve *ebpf.VerifierError
	if errors.As(err, &ve) {
		return nil, newVerifierError(spec, ve)
	}
	if errors.Is(err, unix.EFAULT) {
		// The verifier gives up with EFAULT on a program whose branches
		// it cannot follow (more than 8192 pending at once) or on a bug
		// of its own, and cilium/ebpf then keeps no log.
		return nil, &VerifierError{Program: spec.Name, Insn: -1, Index: -1, Reason: "the verifier gave up: " + unix.EFAULT.Error(), Err: err}
	}
	return nil, fmt.Errorf("load program %s: %w", spec.Name, err)
}

// withoutSources returns a copy of spec whose instructions carry no source
// annotations. Annotations become BTF line info, and loading BTF costs a
// dozen system calls (cilium/ebpf's BTF feature probes, the BTF itself)
// and the kernel's checking of it: a millisecond or more per run. Without
// a log requested nobody reads the kernel's copy of the lines; a rejection
// is still mapped to its annotation from spec's own instructions.
func withoutSources(spec *ebpf.ProgramSpec) *ebpf.ProgramSpec {
	c := *spec
	c.Instructions = make(asm.Instructions, len(spec.Instructions))
	for i, ins := range spec.Instructions {
		if ins.Source() != nil {
			ins = ins.WithSource(nil)
		}
		c.Instructions[i] = ins
	}
	return &c
}
