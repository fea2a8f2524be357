// Package dtrace is the dtrace provider: dtrace:::BEGIN, dtrace:::END and
// dtrace:::ERROR.
//
// BEGIN and END are raw tracepoint programs that are never attached: the
// runner fires each once on its own thread, with BPF_PROG_TEST_RUN,
// through the attachment's Trigger: BEGIN once every other probe is
// attached (while the run's activity state lets only BEGIN's clauses
// record), END once they are detached. ERROR is listed here but fired by
// the code generator's linked programs: a clause that faults returns to
// its trampoline, which calls the program's error function, which records
// the fault and runs the clauses enabled on ERROR with DTrace's arguments.
// Plan makes no attachment for it.
//
// It is part of dtrace-go's implementation, not of its API (README.md's
// layout table names the packages a program imports).
package dtrace

import (
	"fmt"

	"github.com/cilium/ebpf"

	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/internal/tramp"
)

// The probe names.
const (
	Begin = "BEGIN"
	End   = "END"
	Error = "ERROR"
)

// Provider is the dtrace provider.
type Provider struct{}

// New returns the dtrace provider.
func New() *Provider { return &Provider{} }

// Name returns "dtrace".
func (*Provider) Name() string { return "dtrace" }

// Probes returns BEGIN, END and ERROR, in that order (DTrace's ids 1, 2
// and 3 when the provider comes first).
func (*Provider) Probes() ([]*providers.Probe, error) {
	var ps []*providers.Probe
	for _, n := range []string{Begin, End, Error} {
		ps = append(ps, &providers.Probe{Provider: "dtrace", Name: n, NArgs: 0})
	}
	return ps, nil
}

// Lookup returns nil: the dtrace provider has no probes made on demand.
func (*Provider) Lookup(module, function, name string) *providers.Probe { return nil }

// Plan makes one attachment for BEGIN and one for END; ERROR needs none.
func (*Provider) Plan(probes []*providers.Probe) ([]*providers.Attachment, error) {
	var as []*providers.Attachment
	for _, p := range probes {
		switch p.Name {
		case Begin, End:
			as = append(as, &providers.Attachment{
				Name:     "dtrace_" + p.Name,
				Type:     ebpf.RawTracepoint,
				Probes:   []*providers.Probe{p},
				Fragment: tramp.Static(p.ID),
				Stack:    tramp.RawTracepointStack(""),
				Trigger:  trigger,
				// Fired by the runner, on the cpu option's CPU
				// when it is set.
				UserSpace: true,
			})
		case Error:
		default:
			return nil, fmt.Errorf("dtrace provider has no probe %q", p.Name)
		}
	}
	return as, nil
}

// trigger runs prog once on the current CPU (bpf.Trigger: the context is
// a raw tracepoint's argument array, all zero).
func trigger(prog *ebpf.Program) error {
	_, err := bpf.Trigger(prog)
	return err
}
