package session

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/dscript"
	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/dscript/ktypes"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/sink"
	"github.com/dtrace-go/dtrace/sink/text"
	"github.com/dtrace-go/dtrace/symtab"
)

// FuzzCompileLoad compiles D scripts to BPF and, as root, loads them: a
// program the front end accepts must compile (or be refused as not
// supported yet) and pass the verifier (or meet one of the kernel's
// limits, which the API words as such), and never panic anywhere. The
// valid corpus (dscript/testdata/valid) seeds it; the fuzzer's mutations
// of it that the checker takes are tried.
func FuzzCompileLoad(f *testing.F) {
	// A plain go test runs the seeds as tests: a sample of them, to keep
	// it short; fuzzing starts from them all.
	step := 8
	if fuzzing() {
		step = 1
	}
	files, _ := filepath.Glob("../dscript/testdata/valid/*.d")
	for i := 0; i < len(files); i += step {
		if src, err := os.ReadFile(files[i]); err == nil {
			f.Add(src)
		}
	}
	fz := newFuzzer(f)
	f.Fuzz(func(t *testing.T, src []byte) { fz.check(t, src, false) })
}

// FuzzGenerated is FuzzCompileLoad over the programs generate makes of
// its input (BEGIN clauses only, valid by construction), which are also
// run, their output decoded and printed.
func FuzzGenerated(f *testing.F) {
	n := 12
	if fuzzing() {
		n = 40
	}
	r := rand.New(rand.NewPCG(15, 15))
	for range n {
		b := make([]byte, 1+r.IntN(200))
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		f.Add(b)
	}
	fz := newFuzzer(f)
	f.Fuzz(func(t *testing.T, in []byte) { fz.check(t, []byte(generate(in)), true) })
}

// fuzzing reports whether the test runs with -fuzz.
func fuzzing() bool { return flag.Lookup("test.fuzz").Value.String() != "" }

type fuzzer struct {
	kernel *ktypes.Kernel
	reg    *providers.Registry
	root   bool
}

func newFuzzer(f *testing.F) *fuzzer {
	reg, err := NewRegistry()
	if err != nil {
		f.Fatal(err)
	}
	return &fuzzer{kernel: ktypes.Open(""), reg: reg, root: os.Geteuid() == 0}
}

// check compiles src and, as root, loads it (run: and runs it).
func (fz *fuzzer) check(t *testing.T, src []byte, run bool) {
	p, err := dscript.New(dscript.Config{Args: []string{"fuzz.d", "1", "two"}, Kernel: fz.kernel, Probes: Catalog(fz.reg, fz.kernel),
		ZeroProbes: true}).Compile(dscript.Source{Kind: dscript.Script, Name: "fuzz.d", Text: src})
	if err != nil {
		return // not a valid program
	}
	units := []Unit{{Program: p, Kind: dscript.Script, Name: "fuzz.d"}}
	cfg := &Config{Registry: fz.reg, Kernel: fz.kernel, KernelSymbols: &symtab.KernelSymbols{}, SwitchRate: 10 * time.Millisecond}
	if _, err := Compile(units, cfg); err != nil {
		if !errors.Is(err, codegen.ErrNotSupported) {
			t.Fatalf("compile: %v\n%s", err, src)
		}
		return
	}
	if !fz.root {
		return
	}
	if run {
		err = runGenerated(cfg, units)
	} else {
		err = loadOnly(cfg, units)
	}
	if err != nil && !allowedRunError(err) {
		t.Fatalf("%v\n%s", err, src)
	}
}

// allowedRunError reports whether err, from loading or running a program
// the front end took, is a limit the API words as such (run.go's
// verifierLimit), a construct not supported yet, or a kernel's refusal of
// a feature dtrace says it lacks.
func allowedRunError(err error) bool {
	var ve *bpf.VerifierError
	switch {
	case errors.Is(err, codegen.ErrNotSupported), errors.Is(err, syscall.EFAULT):
		return true
	case errors.As(err, &ve) && ve.Index >= 0 && ve.Instruction.IsBuiltinCall() &&
		asm.BuiltinFunc(ve.Instruction.Constant) == asm.FnProbeWriteUser:
		return true // copyout() under lockdown: dtrace says so (run.go's kernelRefusal)
	case errors.As(err, &ve):
		for _, limit := range []string{"BPF program is too large", "too many subprograms", "combined stack size",
			"jumps is too complex", "number of maps per program has reached the limit"} {
			if strings.Contains(ve.Reason, limit) {
				return true
			}
		}
	}
	return false
}

// runGenerated runs a generated program (BEGIN clauses, the last one
// exiting), printing what it records.
func runGenerated(cfg *Config, units []Unit) error {
	var out bytes.Buffer
	cfg.Sink = text.New(&out, text.Config{Options: text.Options{Quiet: true, Testing: true}, Stderr: &out})
	cfg.Notify = func(sink.Notice) {}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	_, err := Run(ctx, cfg, units)
	if err == nil && ctx.Err() != nil {
		return ctx.Err() // it did not end
	}
	return err
}

// loadOnly loads the programs of units, as Run does, without attaching or
// running them.
func loadOnly(cfg *Config, units []Unit) error {
	prog, err := Compile(units, cfg)
	if err != nil {
		return err
	}
	if err := relocate(prog, cfg.Kernel); err != nil {
		return err
	}
	byProbe := map[uint32][]*codegen.Clause{}
	var enabled []*providers.Probe
	seen := map[uint32]bool{}
	ci := 0
	for _, u := range units {
		ms, err := matchUnit(cfg.Registry, u)
		if err != nil {
			return err
		}
		for _, ps := range ms {
			clause := prog.Clauses[ci]
			ci++
			for _, p := range ps {
				byProbe[p.ID] = append(byProbe[p.ID], clause)
				if !seen[p.ID] {
					seen[p.ID] = true
					enabled = append(enabled, p.Probe)
				}
			}
		}
	}
	cfg.Notify = func(sink.Notice) {}
	cfg.BufSize = ringSize(prog, 0)
	r := &run{cfg: cfg, prog: prog, byProbe: byProbe, ksyms: cfg.KernelSymbols}
	defer r.close()
	return r.load(enabled)
}
