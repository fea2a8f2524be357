package dtrace

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/sink"
)

func TestParsePID(t *testing.T) {
	for arg, want := range map[string]bool{
		"1": true, " 42": true, "+7": true, "-1": true,
		"": false, "abc": false, "12x": false, "1 ": false, "99999999999999999999": false,
	} {
		if _, ok := ParsePID(arg); ok != want {
			t.Errorf("ParsePID(%q) ok = %v", arg, !want)
		}
	}
}

// $target is the pid of the first process created or grabbed.
func TestTarget(t *testing.T) {
	h, err := Open(Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	var pids []int
	for _, c := range []string{"sleep 10", "true"} {
		p, err := h.CreateProcess(c)
		if err != nil {
			t.Fatal(err)
		}
		pids = append(pids, p.PID())
	}
	h.AllowZeroProbes()
	prog, err := h.Compile(Source{Kind: ProbeName, Name: "d", Text: []byte("pid$target:::entry")})
	if err != nil {
		t.Fatal(err)
	}
	if ds := prog.Descriptions(); len(ds) != 1 || ds[0].Provider != "pid"+strconv.Itoa(pids[0]) {
		t.Errorf("descriptions %v, want provider pid%d", ds, pids[0])
	}
}

// A description that matches no probe fails to compile, as in DTrace,
// unless zero matches are allowed.
func TestCompileMatches(t *testing.T) {
	h, err := Open(Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	_, err = h.Compile(Source{Kind: Script, Name: "x.d", Text: []byte("BEGIN\n{\n}\n\nnosuch:::\n{\n}\n")})
	ce, ok := err.(*CompileError)
	if !ok || ce.Tag() != "D_PDESC_ZERO" || ce.Line() != 5 ||
		ce.Message(true) != "[D_PDESC_ZERO] line 5: probe description nosuch::: does not match any probes" {
		t.Fatalf("got %v, want D_PDESC_ZERO at line 5", err)
	}
	prog, err := h.Compile(Source{Kind: ProbeName, Name: "BEGIN", Text: []byte("BEGIN")})
	if err != nil {
		t.Fatal(err)
	}
	if ps := prog.Probes(); len(ps) != 1 || ps[0].Provider != "dtrace" || ps[0].Name != "BEGIN" {
		t.Errorf("BEGIN enables %v", ps)
	}
}

func TestKernelRefusal(t *testing.T) {
	call := asm.FnProbeWriteUser.Call()
	mayGoto := asm.Instruction{OpCode: asm.OpCode(asm.JumpClass).SetJumpOp(asm.JumpOp(0xe0))}
	for _, c := range []struct {
		ve   bpf.VerifierError
		want string
	}{
		{bpf.VerifierError{Index: 3, Instruction: call, Reason: "program of this type cannot use helper bpf_probe_write_user#36"}, "copyout()"},
		{bpf.VerifierError{Index: 3, Instruction: mayGoto, Reason: "unknown opcode e5"}, "chill()"},
		{bpf.VerifierError{Index: 3, Instruction: mayGoto, Reason: "infinite loop detected at insn 5"}, ""},
		{bpf.VerifierError{Index: -1, Instruction: call}, ""},
		{bpf.VerifierError{Index: 3, Instruction: asm.FnKtimeGetNs.Call()}, ""},
	} {
		got := kernelRefusal(&c.ve)
		if c.want == "" && got != "" || !strings.HasPrefix(got, c.want) {
			t.Errorf("%v: %q, want %q...", c.ve.Instruction, got, c.want)
		}
	}
}

func TestVerifierLimit(t *testing.T) {
	for reason, want := range map[string]string{
		"BPF program is too large. Processed 1000001 insn":                 "1,000,000 instructions",
		"too many subprograms":                                             "(255)",
		"The total number of maps per program has reached the limit of 64": "more maps than a BPF program may (64)",
		"The sequence of 8193 jumps is too complex.":                       "8,192 branches",
		"combined stack size of 3 calls is 544. Too large":                 "512 bytes of stack",
		"R1 invalid mem access 'scalar'":                                   "",
	} {
		got := verifierLimit(&bpf.VerifierError{Reason: reason})
		if want == "" && got != "" || !strings.Contains(got, want) {
			t.Errorf("%q: %q, want %q", reason, got, want)
		}
	}
	// The verifier gives up on too many pending branches with EFAULT and
	// no log.
	if got := verifierLimit(&bpf.VerifierError{Reason: "bad address", Err: syscall.EFAULT}); !strings.Contains(got, "8,192 branches") {
		t.Errorf("EFAULT: %q, want the branches limit", got)
	}
}

// A run whose context ends before tracing starts returns the context's
// error and delivers nothing (it used to return neither).
func TestRunCancelledBeforeTracing(t *testing.T) {
	h, err := Open(Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.Compile(Source{Kind: ProbeName, Name: "BEGIN", Text: []byte(`BEGIN { trace(1); exit(0); }`)}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var got recordCounter
	if _, err := h.Run(ctx, RunConfig{Sink: &got}); !errors.Is(err, context.Canceled) {
		t.Errorf("Run with its context done: %v, want %v", err, context.Canceled)
	}
	if got.n != 0 {
		t.Errorf("Run with its context done delivered %d records", got.n)
	}
}

// recordCounter is a sink.Sink that counts records and aggregations.
type recordCounter struct{ n int }

func (c *recordCounter) Record(*sink.Record) error       { c.n++; return nil }
func (c *recordCounter) End(a []*sink.Aggregation) error { c.n += len(a); return nil }
func (c *recordCounter) Flush() error                    { return nil }
