package usdt

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cilium/ebpf"

	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/internal/ptest"
	"github.com/dtrace-go/dtrace/providers/internal/uproc"
)

func TestSplitName(t *testing.T) {
	for _, tc := range []struct {
		name, prov string
		pid        int
		ok         bool
	}{
		{"python1234", "python", 1234, true}, {"libstdcxx7", "libstdcxx", 7, true},
		{"a2b3", "a2b", 3, true}, {"1234", "", 0, false}, {"python", "", 0, false},
		{"python0", "", 0, false}, {"python012", "", 0, false}, {"p99999999999", "", 0, false},
	} {
		prov, pid, ok := SplitName(tc.name)
		if prov != tc.prov || pid != tc.pid || ok != tc.ok {
			t.Errorf("SplitName(%q) = %q, %d, %v", tc.name, prov, pid, ok)
		}
	}
}

// start builds and starts testdata/prog.c, which fires its probes once
// its standard input closes (run), and returns its pid once it has mapped
// its libraries.
func start(t *testing.T) (pid int, run func()) {
	t.Helper()
	cc, err := exec.LookPath("cc")
	if err != nil {
		if os.Getenv("DTRACE_TEST_REQUIRE_BPF") != "" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	out := filepath.Join(t.TempDir(), "prog")
	if b, err := exec.Command(cc, "-O2", "-o", out, "testdata/prog.c").CombinedOutput(); err != nil {
		t.Fatalf("cc: %v\n%s", err, b)
	}
	cmd := exec.Command(out)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { in.Close(); cmd.Wait() })
	pid = cmd.Process.Pid
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(5 * time.Millisecond) {
		b, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/maps")
		if strings.Contains(string(b), "libc.so") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("libc not mapped")
		}
	}
	return pid, func() {
		in.Close()
		if err := cmd.Wait(); err != nil {
			t.Fatal(err)
		}
	}
}

func TestProvider(t *testing.T) {
	pid, _ := start(t)
	f := NewFactory(&uproc.Cache{})
	name := "tpx" + strconv.Itoa(pid)
	// A pattern over every pid names the provider of every process;
	// one over some pids, the processes' that it matches.
	names, err := f.Names("tpx*")
	if err != nil || !slices.Equal(names, []string{"tpx*"}) {
		t.Errorf("Names(tpx*) = %q, %v; want [tpx*]", names, err)
	}
	names, err = f.Names("tpx" + strconv.Itoa(pid)[:1] + "*")
	if err != nil || !slices.Contains(names, name) {
		t.Errorf("Names(tpx%c*) = %q, %v; want %s among them", name[3], names, err, name)
	}
	if p, err := f.NewProvider("nosuch" + strconv.Itoa(pid)); p != nil || err != nil {
		t.Errorf("a provider the process does not have: %v, %v", p, err)
	}
	p, err := f.NewProvider(name)
	if err != nil || p == nil {
		t.Fatalf("NewProvider(%s) = %v, %v", name, p, err)
	}
	ps, err := p.Probes()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, pr := range ps {
		got = append(got, pr.Module+":"+pr.Function+":"+pr.Name)
	}
	if want := []string{"prog:main:dash-name", "prog:main:plain"}; !slices.Equal(got, want) {
		t.Errorf("probes %q, want %q", got, want)
	}
	if ps[0].NArgs != 3 {
		t.Errorf("dash-name has %d arguments, want 3", ps[0].NArgs)
	}
	types, err := p.(*Provider).ArgTypes(ps[0])
	if want := []string{"int8_t", "uint16_t", "int64_t"}; err != nil || !slices.Equal(types, want) {
		t.Errorf("argument types %q, %v; want %q", types, err, want)
	}
}

// TestFire attaches dash-name, guarded by a semaphore, with its arguments
// read: it fires only because the kernel raised the semaphore.
func TestFire(t *testing.T) {
	ptest.Require(t, ebpf.Kprobe)
	pid, run := start(t)
	p, err := NewFactory(&uproc.Cache{}).NewProvider("tpx" + strconv.Itoa(pid))
	if err != nil || p == nil {
		t.Fatalf("NewProvider: %v, %v", p, err)
	}
	ps, err := p.Probes()
	if err != nil {
		t.Fatal(err)
	}
	for i, pr := range ps {
		pr.ID = uint32(i + 1)
	}
	atts, err := p.Plan(ps[:1])
	if err != nil || len(atts) != 1 {
		t.Fatalf("Plan: %d attachments, %v", len(atts), err)
	}
	prog := ptest.Load(t, atts[0], ptest.Options{})
	prog.Attach(t, atts[0])
	run()
	recs := prog.Await(t, func(rs []ptest.Record) bool { return len(rs) > 0 })
	if len(recs) != 1 {
		t.Fatalf("%d firings, want 1", len(recs))
	}
	r := recs[0]
	if r.Block != 1 || int64(r.Args[0]) != -1 || r.Args[1] != 65535 || int64(r.Args[2]) != -42 || r.TGID != uint32(pid) {
		t.Errorf("fired %+v, want probe 1 with -1, 65535, -42", r)
	}
}

var _ providers.Provider = (*Provider)(nil)
