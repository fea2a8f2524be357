package stable

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/internal/kbtf"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/fbt"
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
// kernel: the tracepoint or function exists and the members the fragment
// reads too, and the fragment computes every argument a clause may read
// (for a function, attached either way fbt may attach it; a kretprobe
// reads no argument), and so does the alternative of a site for older
// kernels' tracepoints, and the sites a probe has where the kernel can
// probe functions.
func TestSitesFitKernel(t *testing.T) {
	spec := kernelBTF(t)
	for prov, ds := range defs {
		for _, d := range ds {
			var all []site
			for _, s := range append(append([]site(nil), d.sites...), d.better...) {
				all = append(all, s)
				if s.alt != nil {
					all = append(all, *s.alt)
				}
				if s.tp != "" {
					if _, err := s.forKernel(spec); err != nil {
						t.Errorf("%s:::%s: %v", prov, d.name, err)
					}
				}
			}
			for _, s := range all {
				if len(s.vals) != len(d.args) {
					t.Errorf("%s:::%s: %d values for %d arguments", prov, d.name, len(s.vals), len(d.args))
				}
				var sites []*fbt.Site
				if s.fn != "" {
					for _, mode := range []string{"fentry", "kprobe"} {
						fs, err := fbt.SiteFor(spec, s.fn, s.ret, mode)
						if err != nil {
							t.Errorf("%s:::%s: %v", prov, d.name, err)
							continue
						}
						sites = append(sites, fs)
					}
				} else if _, ok := spec.TypeByName(kbtf.KindTypedef, "btf_trace_"+s.tp); !ok {
					t.Errorf("%s:::%s: no tracepoint %s", prov, d.name, s.tp)
					continue
				} else {
					sites = append(sites, nil)
				}
				for _, fs := range sites {
					f, err := fragment(spec, 1, s, fs)
					if fs != nil && fs.Mode == "kprobe" && fs.Return && len(s.vals) > 0 {
						if !errors.Is(err, fbt.ErrNoArgs) {
							t.Errorf("%s:::%s at a kretprobe: %v, want %v", prov, d.name, err, fbt.ErrNoArgs)
						}
						continue
					}
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

// TestMissing checks that the probes that fire in kernel functions are
// said to be missing, with why, exactly where the kernel cannot probe the
// functions (this machine, without kprobes, refuses fentry), and that the
// others never are.
func TestMissing(t *testing.T) {
	kernelBTF(t)
	want := map[string][]string{"proc": {"lwp-start", "start"}, "sched": nil, "io": {"wait-done", "wait-start"}}
	sys := providers.System{}.Shared()
	cannot := fbt.New(sys).Reason("schedule_tail") != nil
	for prov, names := range want {
		var got []string
		for _, m := range Missing(prov, sys) {
			name, why, _ := strings.Cut(m, ": ")
			if !strings.HasPrefix(why, "it fires at ") {
				t.Errorf("%s:::%s: reason %q", prov, name, why)
			}
			got = append(got, name)
		}
		if !cannot {
			names = nil
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
		"proc":  12, // all: start and lwp-start in a kernel function
		"sched": 11, // all
		"io":    4,  // all: wait-start and wait-done in a kernel function
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

// HasName answers from the probes' definitions, so that a description of
// a name alone (:::BEGIN) enumerates none of the stable providers, nor
// the providers before them.
func TestHasName(t *testing.T) {
	for _, p := range Providers(providers.System{}) {
		for _, d := range defs[p.Name()] {
			if !p.(*Provider).HasName(d.name) {
				t.Errorf("%s: HasName(%q) is false", p.Name(), d.name)
			}
		}
		for _, name := range []string{"BEGIN", "entry", "tick-1s"} {
			if p.(*Provider).HasName(name) {
				t.Errorf("%s: HasName(%q) is true", p.Name(), name)
			}
		}
	}
}
