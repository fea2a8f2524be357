package providers

import (
	"io"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
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

// Attachment is one BPF program a provider needs to fire some of its
// probes, and how to attach it. The code generator links the program
// (codegen.Link): a common prologue that sets up the registers described
// in package abi (ctx.go), then the provider's Fragment, then one block
// per probe in Probes (labelled abi.ProbeLabel(id)) that calls the
// clauses enabled on that probe.
type Attachment struct {
	Name       string // a short name for the program, for the kernel and for errors
	Type       ebpf.ProgramType
	AttachType ebpf.AttachType
	AttachTo   string
	Probes     []*Probe
	// Fragment returns the instructions that fill, from the program's
	// context, the fields of the probe context that use names (the other
	// fields may hold anything), and jump to the label of the probe that
	// fired, or to abi.ExitLabel.
	Fragment func(use abi.CtxUse) (asm.Instructions, error)
	// Dynamic says that the fragment learns which probe fired only when
	// it runs (from the attachment's cookie): it stores the probe's id
	// into the probe context itself and jumps to abi.DispatchLabel, and
	// the program's size does not grow with the number of Probes.
	Dynamic bool
	// Stack says how the kernel stacks a clause captures in this program
	// relate to the traced code.
	Stack StackFrames
	// Attach attaches the loaded program. Closing what it returns detaches
	// it. Nil for probes that only fire when the runner triggers them, and
	// for those AttachOn attaches.
	// What it returns may be a Noticer: the runner then reports its
	// notice (the probes the kernel refused, say).
	Attach func(prog *ebpf.Program) (io.Closer, error)
	// AttachOn, when not nil, attaches the loaded program to fire on one
	// CPU, which the runner chooses (tick-N): the cpu option's when it is
	// set, else an online CPU at random, as DTrace places them.
	AttachOn func(prog *ebpf.Program, cpu int) (io.Closer, error)
	// Trigger fires the program once from user space (BEGIN, END); nil for
	// probes the kernel fires.
	Trigger func(prog *ebpf.Program) error
	// UserSpace says that dtrace fires the program itself (BEGIN, END),
	// in its own thread: the cpu option does not confine such a program
	// to its CPU (the runner fires BEGIN and END there).
	UserSpace bool
	// Preemptible says that the kernel runs the program with preemption
	// enabled (uprobes: only migration is disabled), so that another
	// task's firing may run on its CPU before it ends.
	Preemptible bool
}

// Noticer is implemented by what an Attachment's Attach returns when the
// attachment has something to report that is not an error: "dtrace: 12
// functions could not be probed (...)".
type Noticer interface {
	// Notice returns the message, "" for none.
	Notice() string
}

// StackFrames says what lies between the traced code and a clause's call
// of a kernel stack helper, in the program of an attachment.
type StackFrames struct {
	// Skip is the number of kernel frames always there: the clause's and
	// the trampoline's BPF frames, and for a raw tracepoint the kernel's
	// bpf_trace_runN. 0 where the stack starts at registers saved before
	// the program ran (a perf event's sample).
	Skip int
	// FromHelper says that the stack is unwound from the helper's caller,
	// so that a function called between the trampoline and a clause (the
	// ERROR function) adds a frame.
	FromHelper bool
	// Machinery names the kernel functions that may sit between the
	// traced code and the frames Skip counts, each there or not: a raw
	// tracepoint's __bpf_trace_NAME callback and __traceiter_NAME
	// iterator. The consumer drops them by name; caller and stackdepth
	// leave them out by address.
	Machinery []string
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

// Overrider is implemented by a provider whose probes may make the traced
// function return a value of the program's choosing, without running it
// (the return() action: fbt's entry probes). PlanOverride plans probes as
// Plan does, attaching those whose ids override holds where a program
// may override the return value, or says why this kernel does not let
// it, naming the function.
type Overrider interface {
	PlanOverride(probes []*Probe, override map[uint32]bool) ([]*Attachment, error)
}

// A PartialAttachment is what an Attachment's Attach returns when the
// kernel refused some of its probes but not all: the others are enabled,
// and the runner reports how many could not be.
type PartialAttachment interface {
	io.Closer
	// Refused returns the probes that could not be enabled.
	Refused() []*Probe
}
