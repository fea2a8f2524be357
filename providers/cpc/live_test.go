package cpc

import (
	"os"
	"runtime"
	"sync"
	"testing"

	"github.com/cilium/ebpf"
	"golang.org/x/sys/unix"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/internal/ptest"
)

const kernelBase = 0xffff800000000000

// TestLiveTable checks the events this system offers: the software ones
// always, the hardware ones exactly when a hardware event opens, and the
// note of their absence otherwise.
func TestLiveTable(t *testing.T) {
	ptest.Require(t, ebpf.PerfEvent)
	p := New(providers.System{})
	tab, err := p.Table()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"cpu_clock", "task_clock", "page_faults", "context_switches", "minor_faults"} {
		if _, ok := tab.Lookup(name); !ok {
			t.Errorf("no %s", name)
		}
	}
	cycles := Probe{Event: Event{Type: unix.PERF_TYPE_HARDWARE}, Count: listingPeriod}.Attr()
	hwErr := openOnFirstCPU(cycles)
	_, hasCycles := tab.Lookup("cycles")
	if hasCycles != (hwErr == nil) {
		t.Errorf("cycles listed %v, but opening it: %v", hasCycles, hwErr)
	}
	if (tab.NoHardware == nil) != tab.hasHardware() || (p.Missing() == nil) != (tab.NoHardware == nil) {
		t.Errorf("NoHardware %v with %d events; Missing %q", tab.NoHardware, len(tab.Events), p.Missing())
	}
	t.Logf("%d events; no hardware: %v", len(tab.Events), tab.NoHardware)
}

// busy keeps this process busy in user mode and in the kernel until stop
// is closed, on every CPU.
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

// faulting keeps this process taking page faults until stop is closed: in
// user mode, touching fresh pages, when kernel is false; else in the
// kernel, reading /dev/zero into fresh pages.
func faulting(t *testing.T, kernel bool, stop chan struct{}, wg *sync.WaitGroup) {
	zero, err := os.Open("/dev/zero")
	if err != nil {
		t.Fatal(err)
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer zero.Close()
		const pages = 64
		size := pages * os.Getpagesize()
		for {
			select {
			case <-stop:
				return
			default:
			}
			mem, err := unix.Mmap(-1, 0, size, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANONYMOUS)
			if err != nil {
				t.Error(err)
				return
			}
			if kernel {
				zero.Read(mem)
			} else {
				for i := 0; i < size; i += os.Getpagesize() {
					mem[i] = 1
				}
			}
			unix.Munmap(mem)
		}
	}()
}

// run enables the cpc probe called name while work keeps this process
// busy, collects its records until enough says they are enough, and
// returns them all.
func run(t *testing.T, name string, opts ptest.Options, work func(stop chan struct{}, wg *sync.WaitGroup),
	enough func([]ptest.Record) bool) []ptest.Record {
	t.Helper()
	ptest.Require(t, ebpf.PerfEvent)
	p := New(providers.System{})
	r, err := providers.NewRegistry(p)
	if err != nil {
		t.Fatal(err)
	}
	ps, err := r.Match("cpc", "", "", name)
	if err != nil || len(ps) != 1 {
		t.Fatalf("match %s: %v, %v", name, ps, err)
	}
	as, err := p.Plan(ps)
	if err != nil || len(as) != 1 {
		t.Fatalf("plan %s: %v, %v", name, as, err)
	}
	prog := ptest.Load(t, as[0], opts)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	work(stop, &wg)
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
		for i := 2; i < abi.DefaultArgs; i++ {
			if rec.Args[i] != 0 {
				t.Errorf("%s: arg%d = %#x", name, i, rec.Args[i])
			}
		}
	}
	return recs
}

// userSample and kernelSample tell the records of samples taken in user
// mode (arg0 0, arg1 a user PC) and in the kernel (arg0 a kernel PC, arg1
// 0) apart.
func userSample(r ptest.Record) bool {
	return r.Args[0] == 0 && r.Args[1] != 0 && r.Args[1] < kernelBase
}

func kernelSample(r ptest.Record) bool { return r.Args[0] >= kernelBase && r.Args[1] == 0 }

// TestCPUClockAll checks where cpu_clock-all-1000000 samples: on every
// online CPU, in user mode and in the kernel, with the PC in arg0 for a
// kernel sample and in arg1 for a user one, the other 0, as profile-N.
// It does not check the rate: a loaded machine delays the timers.
func TestCPUClockAll(t *testing.T) {
	cpus, err := bpf.OnlineCPUs()
	if err != nil {
		t.Fatal(err)
	}
	me := uint32(os.Getpid())
	var user, kernel, seen int
	onCPU := map[uint32]int{}
	recs := run(t, "cpu_clock-all-1000000", ptest.Options{}, busy, func(recs []ptest.Record) bool {
		for _, r := range recs[seen:] {
			onCPU[r.CPU]++
			if r.TGID == me && userSample(r) {
				user++
			}
			if r.TGID == me && kernelSample(r) {
				kernel++
			}
		}
		seen = len(recs)
		return len(onCPU) >= len(cpus) && user > 0 && kernel > 0
	})
	for _, r := range recs {
		if !userSample(r) && !kernelSample(r) {
			t.Errorf("sample with arg0 %#x arg1 %#x", r.Args[0], r.Args[1])
		}
	}
	for _, cpu := range cpus {
		if onCPU[uint32(cpu)] == 0 {
			t.Errorf("no sample on cpu %d: %v", cpu, onCPU)
		}
	}
	t.Logf("%d samples (per cpu %v): %d in user mode here, %d in the kernel", len(recs), onCPU, user, kernel)
}

// TestCPUClockModes checks that cpu_clock-user-N samples user mode only
// and cpu_clock-kernel-N the kernel only.
func TestCPUClockModes(t *testing.T) {
	for _, c := range []struct {
		name   string
		in     func(ptest.Record) bool
		inName string
	}{
		{"cpu_clock-user-1000000", userSample, "user mode"},
		{"cpu_clock-kernel-1000000", kernelSample, "the kernel"},
	} {
		t.Run(c.name, func(t *testing.T) {
			recs := run(t, c.name, ptest.Options{OnlyMe: true}, busy, func(recs []ptest.Record) bool { return len(recs) >= 20 })
			for _, r := range recs {
				if !c.in(r) {
					t.Errorf("sample outside %s: arg0 %#x arg1 %#x", c.inName, r.Args[0], r.Args[1])
				}
			}
			t.Logf("%d samples in %s", len(recs), c.inName)
		})
	}
}

// TestPageFaults checks that page_faults-user-1 fires at the faults this
// process takes in user mode, in the context of the fault (arg1 the PC of
// the faulting instruction, arg0 0), and page_faults-kernel-1 at those it
// takes in the kernel (reading into fresh pages: arg0 the kernel PC, arg1
// 0).
func TestPageFaults(t *testing.T) {
	for _, c := range []struct {
		name   string
		kernel bool
		in     func(ptest.Record) bool
	}{
		{"page_faults-user-1", false, userSample},
		{"page_faults-kernel-1", true, kernelSample},
	} {
		t.Run(c.name, func(t *testing.T) {
			work := func(stop chan struct{}, wg *sync.WaitGroup) { faulting(t, c.kernel, stop, wg) }
			recs := run(t, c.name, ptest.Options{OnlyMe: true}, work, func(recs []ptest.Record) bool { return len(recs) >= 200 })
			for _, r := range recs {
				if !c.in(r) {
					t.Errorf("fault with arg0 %#x arg1 %#x", r.Args[0], r.Args[1])
				}
			}
			t.Logf("%d faults", len(recs))
		})
	}
}

// TestMissingHardware: on a system without hardware counters, a
// hardware event's probe is not made; where it has them, it is.
func TestMissingHardware(t *testing.T) {
	ptest.Require(t, ebpf.PerfEvent)
	p := New(providers.System{})
	tab, err := p.Table()
	if err != nil {
		t.Fatal(err)
	}
	pr := p.Lookup("", "", "instructions-all-10000000")
	if (pr == nil) != (tab.NoHardware != nil) {
		t.Errorf("instructions-all-10000000: %v, with no hardware: %v", pr, tab.NoHardware)
	}
}
