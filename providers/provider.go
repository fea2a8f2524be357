package providers

import (
	"io"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/bpf"
)

// Probe is one probe a provider offers.
type Probe struct {
	ID       uint32 // assigned by the Registry; unique in a dtrace run
	Provider string
	Module   string
	Function string
	Name     string
	// NArgs is the number of arguments the probe passes (arg0..), as far
	// as the provider knows; -1 when unknown.
	NArgs int
	// Data is the provider's own description of the probe.
	Data any
}

// Attachment is one BPF program a provider needs to fire some of its probes,
// and how to attach it. The runner builds the program: a common prologue
// that sets up the registers described in package bpf (probectx.go), then
// Fragment, then one block per probe in Probes (labelled
// bpf.ProbeLabel(id)) that calls the clauses enabled on that probe.
type Attachment struct {
	Name       string // a short name for the program, for the kernel and for errors
	Type       ebpf.ProgramType
	AttachType ebpf.AttachType
	AttachTo   string
	Probes     []*Probe
	// Fragment fills the probe context from the program's context and
	// jumps to the label of the probe that fired; the block there stores
	// the probe's id (bpf.CtxProbeID).
	Fragment asm.Instructions
	// FragmentFor, when not nil, returns a fragment like Fragment that
	// fills only the fields of the probe context use names (the others
	// may hold anything); the runner uses it in place of Fragment when it
	// knows what the clauses read.
	FragmentFor func(use bpf.CtxUse) (asm.Instructions, error)
	// Attach attaches the loaded program. Closing what it returns detaches
	// it. Nil for probes that only fire when the runner triggers them.
	Attach func(prog *ebpf.Program) (io.Closer, error)
	// Trigger fires the program once from user space (BEGIN, END); nil for
	// probes the kernel fires.
	Trigger func(prog *ebpf.Program) error
}

// Provider is a DTrace provider: it knows its probes and how to fire them.
type Provider interface {
	// Name is the provider's name as written in probe descriptions.
	Name() string
	// Probes returns the provider's probes, described but without ids,
	// each once; the registry owns the slice and the probes.
	// A provider with an unbounded set of probes (profile-N) returns the
	// ones it lists under dtrace -l and resolves the others in Lookup.
	Probes() ([]*Probe, error)
	// Lookup returns the probe mod:func:name names exactly when the
	// provider makes probes on demand (profile-997), or nil.
	Lookup(module, function, name string) *Probe
	// Plan groups probes of this provider (ids assigned) into attachments.
	Plan(probes []*Probe) ([]*Attachment, error)
}
