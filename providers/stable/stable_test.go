package stable

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/internal/kbtf"
	"github.com/dtrace-go/dtrace/providers"
)

// kernelBTF returns this machine's BTF, skipping the test without it
// (failing it under DTRACE_TEST_REQUIRE_BPF).
func kernelBTF(t *testing.T) *kbtf.Spec {
	spec, err := providers.System{}.Shared().KernelBTF()
	if err != nil {
		if os.Getenv("DTRACE_TEST_REQUIRE_BPF") != "" {
			t.Fatalf("kernel BTF required: %v", err)
		}
		t.Skipf("no kernel BTF: %v", err)
	}
	return spec
}

// TestSitesFitKernel checks every probe's sites against this machine's
// kernel: the tracepoint exists and the members the fragment reads too,
// and the fragment computes every argument a clause may read.
func TestSitesFitKernel(t *testing.T) {
	spec := kernelBTF(t)
	for prov, ds := range defs {
		for _, d := range ds {
			for _, s := range d.sites {
				if _, ok := spec.TypeByName(kbtf.KindTypedef, "btf_trace_"+s.tp); !ok {
					t.Errorf("%s:::%s: no tracepoint %s", prov, d.name, s.tp)
					continue
				}
				if len(s.vals) != len(d.args) {
					t.Errorf("%s:::%s: %d values for %d arguments", prov, d.name, len(s.vals), len(d.args))
				}
				f, err := fragment(spec, 1, s)
				if err != nil {
					t.Errorf("%s:::%s: %v", prov, d.name, err)
					continue
				}
				use := abi.CtxUse{NArgs: abi.DefaultArgs, Args: 1<<len(d.args) - 1}
				insns, err := f(use)
				if err != nil {
					t.Fatal(err)
				}
				for i := range d.args {
					if !stores(insns, abi.CtxArg(i)) {
						t.Errorf("%s:::%s: args[%d] not stored", prov, d.name, i)
					}
				}
			}
		}
	}
}

// stores reports whether insns store a register into the probe
// context's offset off.
func stores(insns asm.Instructions, off int16) bool {
	for _, ins := range insns {
		if ins.OpCode.Class().IsStore() && ins.Dst == abi.RegProbeCtx && ins.Offset == off && ins.OpCode.Mode() == asm.MemMode {
			return true
		}
	}
	return false
}

// TestMissing checks that the probes no tracepoint serves are said to be
// missing, with why, and never listed.
func TestMissing(t *testing.T) {
	want := map[string][]string{"proc": {"lwp-start", "signal-clear", "start"}, "sched": nil, "io": {"wait-done", "wait-start"}}
	for prov, names := range want {
		var got []string
		for _, m := range Missing(prov) {
			name, why, _ := strings.Cut(m, ": ")
			if why == "" {
				t.Errorf("%s:::%s: no reason", prov, name)
			}
			got = append(got, name)
		}
		if !slices.Equal(got, names) {
			t.Errorf("%s: missing %v, want %v", prov, got, names)
		}
	}
}

// TestProbes checks the probes listed on this machine: every probe
// DTrace's guides name, but for the missing ones, with its arguments.
func TestProbes(t *testing.T) {
	kernelBTF(t)
	want := map[string]int{
		"proc":  9,  // 12, less start, lwp-start, signal-clear
		"sched": 11, // all
		"io":    2,  // 4, less wait-start, wait-done
	}
	for _, p := range Providers(providers.System{}) {
		ps, err := p.Probes()
		if err != nil {
			t.Fatal(err)
		}
		if len(ps) != want[p.Name()] {
			t.Errorf("%s: %d probes, want %d", p.Name(), len(ps), want[p.Name()])
		}
		for _, pr := range ps {
			args, known, err := p.(*Provider).ArgDescs(pr)
			if err != nil || !known || len(args) != pr.NArgs {
				t.Errorf("%s:::%s: args %v %v %v", p.Name(), pr.Name, args, known, err)
			}
		}
	}
}
