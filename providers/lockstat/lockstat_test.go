package lockstat

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/cilium/ebpf"
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

// TestDefs checks the probes' definitions: DTrace for Linux's eleven
// probes and rw-block, by name; at each site that fires, a value for
// every argument, the time's condition where a time is passed; the
// sites in functions and at tracepoints each start what they end.
func TestDefs(t *testing.T) {
	var names []string
	for _, d := range defs {
		names = append(names, d.name)
		if len(d.fns) == 0 && len(d.tps) == 0 {
			t.Errorf("%s: no sites", d.name)
		}
		for _, sites := range [][]site{d.fns, d.tps} {
			fires := 0
			for _, s := range sites {
				if (s.tp == "") == (len(s.fns) == 0) {
					t.Errorf("%s: a site with tracepoint %q and functions %v", d.name, s.tp, s.fns)
				}
				if s.tp != "" && s.tp != tpBegin && s.tp != tpEnd {
					t.Errorf("%s: tracepoint %s", d.name, s.tp)
				}
				if len(s.flags) > 0 && s.tp != tpBegin {
					t.Errorf("%s: flags at %s", d.name, s.where())
				}
				if s.op != opFire {
					continue
				}
				fires++
				if len(s.vals) != len(d.args) {
					t.Errorf("%s: %d values for %d arguments at %s", d.name, len(s.vals), len(d.args), s.where())
				}
				for i, v := range s.vals {
					if want := map[val]string{valLock: "*", valTime: durationT, valRet: intT, valRead: intT}[v]; !strings.HasSuffix(d.args[i], want) {
						t.Errorf("%s: argument %d is %q, its value's type %q", d.name, i, d.args[i], want)
					}
				}
				if slices.Contains(s.vals, valTime) && !tracks(sites) {
					t.Errorf("%s: a time without a start at %s", d.name, s.where())
				}
			}
			if len(sites) > 0 && fires != 1 {
				t.Errorf("%s: %d sites fire", d.name, fires)
			}
		}
	}
	want := []string{"adaptive-acquire", "adaptive-acquire-error", "adaptive-block", "adaptive-release", "adaptive-spin",
		"rw-acquire", "rw-block", "rw-release", "rw-spin", "spin-acquire", "spin-release", "spin-spin"}
	if !slices.Equal(names, want) {
		t.Errorf("probes %v, want %v", names, want)
	}
	p := New(providers.System{})
	for _, n := range want {
		if !p.HasName(n) {
			t.Errorf("HasName(%q) is false", n)
		}
	}
	for _, n := range []string{"BEGIN", "entry", "adaptive"} {
		if p.HasName(n) {
			t.Errorf("HasName(%q) is true", n)
		}
	}
}

// TestFunctions checks the functions the sites' patterns name in this
// machine's kernel: DTrace for Linux's, each there.
func TestFunctions(t *testing.T) {
	spec := kernelBTF(t)
	for _, c := range []struct {
		patterns []string
		want     []string // some of what they match
		not      []string
	}{
		{[]string{"mutex_lock"}, []string{"mutex_lock"}, []string{"mutex_lock_killable"}},
		{[]string{"*mutex_lock_killable", "*mutex_lock_interruptible"}, []string{"mutex_lock_killable", "mutex_lock_interruptible"}, []string{"mutex_lock"}},
		{[]string{"_raw_spin_lock*", "_raw_spin_trylock*"}, []string{"_raw_spin_lock", "_raw_spin_lock_irqsave", "_raw_spin_lock_bh", "_raw_spin_trylock"}, []string{"_raw_spin_unlock"}},
		{[]string{"_raw_read_unlock*", "_raw_write_unlock*"}, []string{"_raw_read_unlock", "_raw_write_unlock_irqrestore"}, []string{"_raw_read_lock"}},
		{rwSlow, rwSlow, nil},
		{spinSlow, []string{"native_queued_spin_lock_slowpath"}, nil},
	} {
		got := functions(spec, c.patterns)
		for _, f := range c.want {
			if !slices.Contains(got, f) {
				t.Errorf("%v: %v lacks %s", c.patterns, got, f)
			}
		}
		for _, f := range c.not {
			if slices.Contains(got, f) {
				t.Errorf("%v: %v has %s", c.patterns, got, f)
			}
		}
		if len(slices.Compact(slices.Clone(got))) != len(got) {
			t.Errorf("%v: %v names a function twice", c.patterns, got)
		}
	}
}

// cannotProbe reports whether this kernel can probe no function (this
// host: no kprobes, fentry refused).
func cannotProbe(t *testing.T) bool {
	err := fbt.New(providers.System{}).Reason("mutex_lock")
	var ke *providers.KernelError
	if err != nil && !errors.As(err, &ke) {
		t.Fatal(err)
	}
	return err != nil
}

// TestProbesAndMissing checks what is listed here, and what Missing says:
// every probe (the kernel has the contention tracepoints), typed; where
// the kernel cannot probe functions, the acquire and release probes
// missing, each with why, in one line.
func TestProbesAndMissing(t *testing.T) {
	kernelBTF(t)
	p := New(providers.System{})
	ps, err := p.Probes()
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != len(defs) {
		t.Errorf("%d probes listed, want %d", len(ps), len(defs))
	}
	for _, pr := range ps {
		args, known, err := p.ArgDescs(pr)
		if err != nil || !known || len(args) != pr.NArgs || pr.Module != "vmlinux" || pr.Function != "" {
			t.Errorf("%s: %+v, args %v %v %v", pr.Name, pr, args, known, err)
		}
	}
	var got []string
	for _, m := range p.Missing() {
		name, why, _ := strings.Cut(m, ": ")
		got = append(got, name)
		if !strings.HasPrefix(why, "it fires at ") || !strings.Contains(why, ", and this kernel cannot probe ") || strings.Contains(why, "\n") {
			t.Errorf("%s: reason %q", name, why)
		}
	}
	var want []string
	if cannotProbe(t) {
		want = []string{"adaptive-acquire", "adaptive-release", "rw-acquire", "rw-release", "spin-acquire", "spin-release"}
	}
	if !slices.Equal(got, want) {
		t.Errorf("missing %v, want %v", got, want)
	}
}

// TestPlanHere checks what enabling each probe makes here: where the
// kernel cannot probe functions, the spin and block probes (and
// adaptive-acquire-error) a program at each contention tracepoint, which
// fires the probe at contention_end only; the acquire and release probes
// a kernel error in one line.
func TestPlanHere(t *testing.T) {
	kernelBTF(t)
	if !cannotProbe(t) {
		t.Skip("this kernel can probe functions: the guests' tests cover it")
	}
	p := New(providers.System{})
	ps, err := p.Probes()
	if err != nil {
		t.Fatal(err)
	}
	for i, pr := range ps {
		pr.ID = uint32(i + 1)
		as, err := p.Plan([]*providers.Probe{pr})
		d := pr.Data.(*probeDef)
		if len(d.tps) == 0 {
			var ke *providers.KernelError
			if !errors.As(err, &ke) || strings.Contains(err.Error(), "\n") ||
				!strings.HasPrefix(err.Error(), "lockstat:::"+pr.Name+" fires at ") {
				t.Errorf("%s: %v", pr.Name, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", pr.Name, err)
			continue
		}
		var tps []string
		for _, a := range as {
			tps = append(tps, a.AttachTo)
			if a.Type != ebpf.RawTracepoint {
				t.Errorf("%s: a program of type %v", pr.Name, a.Type)
			}
			if fires := len(a.Probes) > 0; fires != (a.AttachTo == tpEnd) {
				t.Errorf("%s: the program at %s fires %v", pr.Name, a.AttachTo, a.Probes)
			}
		}
		if !slices.Equal(tps, []string{tpBegin, tpEnd}) {
			t.Errorf("%s: programs at %v", pr.Name, tps)
		}
	}
}

// TestFragments checks the fragments of every site, in a kernel function
// attached with fentry/fexit and with kprobes (as the guests attach
// them), and at the tracepoints: the arguments are stored where a probe
// fires, the state map is used where the site keeps state (a kretprobe
// keeps the lock from the entry), and fexit reads the lock from the
// arguments.
func TestFragments(t *testing.T) {
	spec := kernelBTF(t)
	// The fragments refer to a map made when they are linked: root.
	if os.Geteuid() != 0 {
		t.Skip("making the state map needs root")
	}
	use := abi.CtxUse{NArgs: abi.DefaultArgs, Args: 1<<abi.DefaultArgs - 1}
	for _, d := range defs {
		for _, s := range d.fns {
			for _, fn := range functions(spec, s.fns) {
				for _, mode := range []string{"fentry", "kprobe"} {
					fs, err := fbt.SiteFor(spec, fn, s.ret, mode)
					if err != nil {
						t.Errorf("%s: %s: %v", d.name, fn, err)
						continue
					}
					f := &frag{id: 1, site: s, fs: fs, fn: fn, state: newState(d.name)}
					direct := s.op == opFire && !tracks(d.fns) && mode == "fentry"
					if direct {
						f.state = nil
					}
					insns, err := f.fragment(use)
					f.close()
					if err != nil {
						t.Errorf("%s: %s (%s): %v", d.name, fn, mode, err)
						continue
					}
					checkFragment(t, d, s, insns, !direct)
				}
			}
		}
		if len(d.tps) > 0 {
			for _, tp := range []string{tpBegin, tpEnd} {
				var sites []site
				for _, s := range d.tps {
					if s.tp == tp {
						sites = append(sites, s)
					}
				}
				f := &frag{id: 1, tpSites: sites, state: newState(d.name)}
				insns, err := f.fragment(use)
				f.close()
				if err != nil {
					t.Errorf("%s: %s: %v", d.name, tp, err)
					continue
				}
				for _, s := range sites {
					checkFragment(t, d, s, insns, true)
				}
			}
		}
	}
}

// close closes the state map a fragment made.
func (f *frag) close() {
	if f.state != nil && f.state.m != nil {
		f.state.m.Close()
	}
}

// checkFragment checks insns, the fragment of site s of probe d: where it
// fires, that it stores every argument and fires; that it uses the state
// map exactly when it should.
func checkFragment(t *testing.T, d probeDef, s site, insns asm.Instructions, state bool) {
	t.Helper()
	usesMap := false
	fires := false
	for _, ins := range insns {
		if ins.IsLoadFromMap() && ins.Map() != nil {
			usesMap = true
		}
		if ins.OpCode.JumpOp() == asm.Ja && ins.Reference() == abi.ProbeLabel(1) {
			fires = true
		}
	}
	if usesMap != state {
		t.Errorf("%s at %s: uses the state map %v, want %v", d.name, s.where(), usesMap, state)
	}
	if s.op != opFire {
		return
	}
	if !fires {
		t.Errorf("%s at %s: does not fire", d.name, s.where())
	}
	for i := range d.args {
		stored := false
		for _, ins := range insns {
			if ins.OpCode.Class().IsStore() && ins.Dst == abi.RegProbeCtx && ins.Offset == abi.CtxArg(i) {
				stored = true
			}
		}
		if !stored {
			t.Errorf("%s at %s: args[%d] not stored", d.name, s.where(), i)
		}
	}
}
