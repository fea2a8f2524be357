package profile

import (
	"math"
	"os"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/cilium/ebpf"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/internal/ptest"
)

func TestPeriod(t *testing.T) {
	const (
		us  = 1000
		ms  = 1000 * us
		sec = 1000 * ms
	)
	for name, want := range map[string]uint64{
		"profile-97":      sec / 97,
		"profile-997":     sec / 997,
		"profile-997hz":   sec / 997,
		"profile-997Hz":   sec / 997,
		"profile-5000":    sec / 5000,
		"profile-5001":    0, // under 200 µs
		"tick-1":          sec,
		"tick-1s":         sec,
		"tick-1sec":       sec,
		"tick-1SEC":       sec,
		"tick-10sec":      10 * sec,
		"tick-200us":      200 * us,
		"tick-199usec":    0,
		"tick-200000ns":   200000,
		"tick-200000nsec": 200000,
		"tick-1ms":        ms,
		"tick-5msec":      5 * ms,
		"tick-1m":         60 * sec,
		"tick-2min":       120 * sec,
		"tick-1h":         3600 * sec,
		"tick-1hour":      3600 * sec,
		"tick-1hours":     3600 * sec, // %4s reads "hour"
		"tick-1d":         86400 * sec,
		"tick-1day":       86400 * sec,
		"tick-1msec5":     ms, // so does "msec" here
		"tick- 1s":        sec,
		"tick-+1s":        sec,
		"tick-1 s":        sec,
		"tick-0":          0,
		"tick-0s":         0,
		"tick-":           0,
		"tick-s":          0,
		"tick-1x":         0,
		"tick-1secs":      0, // "secs" is no unit
		"tick-1weeks":     0,
		"tick-0x10":       0,
		"tick--1":         0, // 10^9 / (2^64-1) is 0
		"tick-1000000001": 0,
		"profile":         0,
	} {
		if got := Period(name); got != want {
			t.Errorf("Period(%q) = %d, want %d", name, got, want)
		}
	}
}

func TestProbes(t *testing.T) {
	r, err := providers.NewRegistry(New())
	if err != nil {
		t.Fatal(err)
	}
	all, err := r.List()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range all {
		names = append(names, p.Name)
	}
	want := []string{"profile-97", "profile-199", "profile-499", "profile-997", "profile-1999", "profile-4001", "profile-4999",
		"tick-1", "tick-10", "tick-100", "tick-500", "tick-1000", "tick-5000"}
	if len(names) != len(want) {
		t.Fatalf("listed %v, want %v", names, want)
	}
	for i := range want {
		if names[i] != want[i] {
			t.Fatalf("listed %v, want %v", names, want)
		}
	}

	for _, c := range []struct {
		mod, name string
		ok        bool
		kind      Kind
	}{
		{"", "tick-3ms", true, Tick},
		{"", "profile-1234", true, Profile},
		{"", "tick-1sec", true, Tick},
		{"", "tick-1us", false, 0},
		{"", "tock-1s", false, 0},
		{"vmlinux", "tick-1s", false, 0},
	} {
		ps, err := r.Match("profile", c.mod, "", c.name)
		if err != nil {
			t.Fatal(err)
		}
		if !c.ok {
			if len(ps) != 0 {
				t.Errorf("profile:%s::%s matches %v", c.mod, c.name, ps)
			}
			continue
		}
		if len(ps) != 1 || ps[0].Name != c.name || ps[0].Data.(Probe).Kind != c.kind {
			t.Errorf("profile:%s::%s matches %v", c.mod, c.name, ps)
			continue
		}
		if ps[0].ID <= uint32(len(want)) {
			t.Errorf("probe made on demand got id %d", ps[0].ID)
		}
		again, _ := r.Match("profile", "", "", c.name)
		if len(again) != 1 || again[0] != ps[0] {
			t.Errorf("second match of %s made another probe", c.name)
		}
	}
	// A listed probe is not made again, and patterns make nothing.
	if ps, _ := r.Match("profile", "", "", "profile-97"); len(ps) != 1 || ps[0].ID != 1 {
		t.Errorf("profile-97: %v", ps)
	}
	if ps, _ := r.Match("", "", "", "tick-7s"); len(ps) != 1 || ps[0].Provider != "profile" {
		t.Errorf(":::tick-7s = %v, want one profile probe", ps)
	}
	if ps, _ := r.Match("", "", "", "tick-7*"); len(ps) != 1 {
		t.Errorf(":::tick-7* = %v, want only the probe made before", ps)
	}
}

// busy keeps this process busy in user mode and in the kernel until stop
// is closed.
func busy(stop chan struct{}, wg *sync.WaitGroup) {
	n := runtime.NumCPU()
	wg.Add(n)
	for i := range n {
		go func() {
			defer wg.Done()
			f, _ := os.Open("/dev/zero")
			defer f.Close()
			buf := make([]byte, 1<<20)
			x := 0
			for {
				select {
				case <-stop:
					return
				default:
				}
				if i%2 == 0 {
					f.Read(buf)
				} else {
					for j := range 1 << 16 {
						x += j * j
					}
				}
			}
		}()
	}
}

const kernelBase = 0xffff800000000000

// TestProfile997 checks where profile-997 samples: on every online CPU, in
// user mode and in the kernel, with the PC in arg0 for a kernel sample and
// in arg1 for a user one, the other 0, as DTrace has them. It does not
// check the rate: a loaded machine delays the timers.
func TestProfile997(t *testing.T) {
	ptest.Require(t, ebpf.PerfEvent)
	cpus, err := bpf.OnlineCPUs()
	if err != nil {
		t.Fatal(err)
	}
	var user, kernel int
	onCPU := make(map[uint32]int)
	seen := 0
	recs, _ := run(t, "profile-997", func(recs []ptest.Record) bool {
		for _, r := range recs[seen:] {
			onCPU[r.CPU]++
			switch {
			case r.Args[0] == 0 && r.Args[1] != 0:
				if r.TGID == uint32(os.Getpid()) {
					user++
				}
			case r.Args[0] >= kernelBase:
				kernel++
			}
		}
		seen = len(recs)
		return len(onCPU) >= len(cpus) && user > 0 && kernel > 0
	})
	for _, r := range recs {
		switch {
		case r.Args[0] == 0 && r.Args[1] != 0:
			if r.Args[1] >= kernelBase {
				t.Errorf("user PC %#x is a kernel address", r.Args[1])
			}
		case r.Args[0] >= kernelBase:
			if r.Args[1] != 0 {
				t.Errorf("arg1 %#x of a kernel sample, want 0", r.Args[1])
			}
		default:
			t.Errorf("sample with arg0 %#x arg1 %#x", r.Args[0], r.Args[1])
		}
		for i := 2; i < len(r.Args); i++ {
			if r.Args[i] != 0 {
				t.Errorf("arg%d = %#x", i, r.Args[i])
			}
		}
	}
	for _, cpu := range cpus {
		if onCPU[uint32(cpu)] == 0 {
			t.Errorf("no sample on cpu %d: %v", cpu, onCPU)
		}
	}
	t.Logf("%d samples (per cpu %v): %d in user mode here, %d in the kernel",
		len(recs), onCPU, user, kernel)
}

// TestTick checks that tick-100 fires again and again on the one CPU it
// is placed on, in the context it interrupts (arg0 the kernel PC or arg1
// the user PC, the others 0), and no more once detached. It does not
// check the rate: a loaded machine delays the timer.
func TestTick(t *testing.T) {
	ptest.Require(t, ebpf.PerfEvent)
	recs, prog := run(t, "tick-100", func(recs []ptest.Record) bool { return len(recs) >= 5 })
	// Detaching waited for a firing under way: nothing comes after.
	if late := prog.Records(t, 50*time.Millisecond); len(late) != 0 {
		t.Errorf("%d firings after the detach", len(late))
	}
	cpus := map[uint32]bool{}
	for _, r := range recs {
		cpus[r.CPU] = true
		if (r.Args[0] != 0) == (r.Args[1] != 0) || r.Errno != 0 {
			t.Fatalf("tick-100 fired with args %v, errno %d; want one PC", r.Args, r.Errno)
		}
		for i := 2; i < abi.DefaultArgs; i++ {
			if r.Args[i] != 0 {
				t.Errorf("arg%d = %#x", i, r.Args[i])
			}
		}
	}
	if len(cpus) != 1 {
		t.Errorf("tick-100 fired on CPUs %v, want one", cpus)
	}
	t.Logf("tick-100: %d firings", len(recs))
}

// run enables probe while this process keeps busy, collects its records
// until enough says they are enough, detaches it and returns every record
// it sent, and its program.
func run(t *testing.T, probe string, enough func([]ptest.Record) bool) ([]ptest.Record, *ptest.Program) {
	r, err := providers.NewRegistry(New())
	if err != nil {
		t.Fatal(err)
	}
	ps, err := r.Match("profile", "", "", probe)
	if err != nil || len(ps) != 1 {
		t.Fatalf("match %s: %v, %v", probe, ps, err)
	}
	as, err := New().Plan(ps)
	if err != nil {
		t.Fatal(err)
	}
	prog := ptest.Load(t, as[0], ptest.Options{})
	stop := make(chan struct{})
	var wg sync.WaitGroup
	busy(stop, &wg)
	prog.Attach(t, as[0])
	recs := prog.Await(t, enough)
	prog.Detach()
	close(stop)
	wg.Wait()
	recs = append(recs, prog.Records(t, 0)...)
	for _, rec := range recs {
		if rec.Block != ps[0].ID {
			t.Fatalf("record %+v, want probe %d", rec, ps[0].ID)
		}
	}
	return recs, prog
}

// A period past time.Duration's range (tick-9223372037s) is its longest,
// not a negative one.
func TestDuration(t *testing.T) {
	for period, want := range map[uint64]time.Duration{
		Period("tick-1s"):           time.Second,
		Period("tick-9223372036s"):  9223372036 * time.Second,
		Period("tick-9223372037s"):  math.MaxInt64,
		Period("tick-18446744073s"): math.MaxInt64,
	} {
		if got := (Probe{Period: period}).duration(); got != want {
			t.Errorf("period %d: %v, want %v", period, got, want)
		}
	}
}
