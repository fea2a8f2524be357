package syscall

import (
	"os"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/cilium/ebpf"
	"golang.org/x/sys/unix"

	"github.com/dtrace-go/dtrace/bpf/bpftest"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/internal/ptest"
	"github.com/dtrace-go/dtrace/providers/internal/tracefs"
)

// number returns the x86_64 number of the system call DTrace calls name,
// from the table.
func number(name string) (int, bool) {
	for _, e := range table {
		if e.name == name {
			return int(e.nr), true
		}
	}
	return 0, false
}

func TestTable(t *testing.T) {
	for name, nr := range map[string]int{
		"read": 0, "write": 1, "openat": 257, "getppid": 110, "exit_group": 231,
		"newstat": 4, "newfstat": 5, "newuname": 63, "umount": 166, "sendfile64": 40,
		"clone3": 435,
	} {
		if got, ok := number(name); !ok || got != nr {
			t.Errorf("number(%q) = %d, %v; want %d", name, got, ok, nr)
		}
	}
	for _, name := range []string{"stat", "uname", "umount2", "sys_read", ""} {
		if _, ok := number(name); ok {
			t.Errorf("number(%q) found a system call", name)
		}
	}
	seen := make(map[string]bool)
	last := -1
	for _, e := range table {
		if int(e.nr) <= last {
			t.Errorf("table not in ascending order at %d", e.nr)
		}
		last = int(e.nr)
		if seen[e.name] {
			t.Errorf("%s twice", e.name)
		}
		seen[e.name] = true
	}
}

// TestTracefsNames checks that every system call the kernel has a
// syscalls:sys_enter_* tracepoint for is in the table under that name:
// the names DTrace on Linux uses.
func TestTracefsNames(t *testing.T) {
	cat, err := tracefs.Open("")
	if err != nil {
		bpftest.Skip(t, "%v", err)
	}
	n := 0
	for _, ev := range cat.Events {
		name, ok := strings.CutPrefix(ev.Name, "sys_enter_")
		if ev.Group != "syscalls" || !ok {
			continue
		}
		n++
		if _, ok := number(name); !ok {
			t.Errorf("tracepoint syscalls:sys_enter_%s: no such system call in the table", name)
		}
	}
	if n == 0 {
		t.Skip("no syscalls:sys_enter_* tracepoints")
	}
}

func newRegistry(t *testing.T) *providers.Registry {
	r, err := providers.NewRegistry(New(providers.System{}))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func match(t *testing.T, r *providers.Registry, desc ...string) []*providers.Probe {
	t.Helper()
	var all []*providers.Probe
	for _, d := range desc {
		f := strings.Split(d, ":")
		ps, err := r.Match(f[0], f[1], f[2], f[3])
		if err != nil {
			t.Fatal(err)
		}
		if len(ps) == 0 {
			t.Fatalf("%s matches nothing", d)
		}
		all = append(all, ps...)
	}
	return all
}

// loadAll plans probes and loads and attaches every attachment.
func loadAll(t *testing.T, probes []*providers.Probe) []*ptest.Program {
	t.Helper()
	as, err := New(providers.System{}).Plan(probes)
	if err != nil {
		t.Fatal(err)
	}
	var progs []*ptest.Program
	for _, a := range as {
		p := ptest.Load(t, a, ptest.Options{OnlyMe: true})
		p.Attach(t, a)
		progs = append(progs, p)
	}
	return progs
}

func records(t *testing.T, progs []*ptest.Program) []ptest.Record {
	var recs []ptest.Record
	for _, p := range progs {
		recs = append(recs, p.Records(t, time.Second)...)
	}
	return recs
}

// find returns the records of probe pr.
func find(t *testing.T, recs []ptest.Record, pr *providers.Probe) []ptest.Record {
	t.Helper()
	var out []ptest.Record
	for _, r := range recs {
		if r.Block != pr.ID {
			continue
		}
		out = append(out, r)
	}
	return out
}

func TestEntryReturn(t *testing.T) {
	ptest.Require(t, ebpf.RawTracepoint)
	r := newRegistry(t)
	probes := match(t, r,
		"syscall:vmlinux:openat:entry", "syscall::openat:return",
		"syscall::read:entry", "syscall::read:return",
		"syscall::getppid:*")
	progs := loadAll(t, probes)
	if len(progs) != 2 {
		t.Fatalf("%d programs, want 2", len(progs))
	}
	check(t, r, progs)
}

// TestAllEntries enables every entry and return probe and checks the
// dispatch still finds the right probes. How fast that starts and stops is
// BenchmarkAllEntries' business.
func TestAllEntries(t *testing.T) {
	ptest.Require(t, ebpf.RawTracepoint)
	r := newRegistry(t)
	probes := match(t, r, "syscall:::entry")
	if len(probes) < 300 {
		t.Fatalf("syscall:::entry matches %d probes", len(probes))
	}
	as, err := New(providers.System{}).Plan(probes)
	if err != nil {
		t.Fatal(err)
	}
	if len(as) != 1 {
		t.Fatalf("%d attachments for syscall:::entry, want 1", len(as))
	}
	p := ptest.Load(t, as[0], ptest.Options{OnlyMe: true})
	detach := p.Attach(t, as[0])
	unix.Getppid()
	detach()
	recs := p.Records(t, time.Second)
	if len(find(t, recs, match(t, r, "syscall::getppid:entry")[0])) == 0 {
		t.Error("getppid:entry did not fire with every entry probe enabled")
	}

	// Both directions, everything.
	check(t, r, loadAll(t, match(t, r, "syscall:::")))
}

// BenchmarkAllEntries matches, plans, loads and attaches syscall:::entry,
// then detaches it: what enabling every system call costs at start-up and
// at exit.
func BenchmarkAllEntries(b *testing.B) {
	ptest.Require(b, ebpf.RawTracepoint)
	for b.Loop() {
		r, err := providers.NewRegistry(New(providers.System{}))
		if err != nil {
			b.Fatal(err)
		}
		probes, err := r.Match("syscall", "", "", "entry")
		if err != nil {
			b.Fatal(err)
		}
		as, err := New(providers.System{}).Plan(probes)
		if err != nil {
			b.Fatal(err)
		}
		p := ptest.Load(b, as[0], ptest.Options{OnlyMe: true})
		p.Attach(b, as[0])()
		p.Close()
	}
}

// readBuf is what check reads into. It is a global, never on the stack:
// a goroutine's stack moves when it grows or the collector shrinks it, and
// the address the read:entry probe recorded must still be buf's when the
// records are checked.
var readBuf [123]byte

// check makes system calls and checks what the enabled probes among
// openat, read and getppid recorded.
func check(t *testing.T, r *providers.Registry, progs []*ptest.Program) {
	t.Helper()
	path := "/proc/self/status"
	pathp, err := unix.BytePtrFromString(path)
	if err != nil {
		t.Fatal(err)
	}
	missing, _ := unix.BytePtrFromString("/nonexistent/dtrace-go")
	cwd := unix.AT_FDCWD
	fd, _, e := unix.Syscall6(unix.SYS_OPENAT, uintptr(cwd), uintptr(unsafe.Pointer(pathp)), unix.O_RDONLY, 0, 0, 0)
	if e != 0 {
		t.Fatal(e)
	}
	buf := readBuf[:]
	n, _, e := unix.Syscall(unix.SYS_READ, fd, uintptr(unsafe.Pointer(&buf[0])), 123)
	if e != 0 {
		t.Fatal(e)
	}
	unix.Close(int(fd))
	_, _, e = unix.Syscall6(unix.SYS_OPENAT, uintptr(cwd), uintptr(unsafe.Pointer(missing)), unix.O_RDONLY, 0, 0, 0)
	if e != unix.ENOENT {
		t.Fatalf("openat of a missing file: %v", e)
	}
	ppid := unix.Getppid()
	for _, p := range progs {
		p.Detach()
	}
	recs := records(t, progs)

	one := func(d string) *providers.Probe { return match(t, r, d)[0] }
	// openat: the path argument points at our path; the first call
	// returned fd, the second failed with ENOENT.
	var sawPath, sawMissing bool
	for _, rec := range find(t, recs, one("syscall::openat:entry")) {
		if rec.Args[0] != uint64(int64(cwd)) {
			t.Errorf("openat arg0 = %#x, want AT_FDCWD", rec.Args[0])
		}
		switch uintptr(rec.Args[1]) {
		case uintptr(unsafe.Pointer(pathp)):
			sawPath = true
			if got := readString(t, rec.Args[1], len(path)); got != path {
				t.Errorf("openat arg1 reads back %q, want %q", got, path)
			}
			if rec.Args[2] != unix.O_RDONLY || rec.Args[6] != 0 {
				t.Errorf("openat args %#x", rec.Args)
			}
		case uintptr(unsafe.Pointer(missing)):
			sawMissing = true
		}
	}
	if !sawPath || !sawMissing {
		t.Errorf("openat:entry: saw path %v, missing %v", sawPath, sawMissing)
	}
	sawPath, sawMissing = false, false
	for _, rec := range find(t, recs, one("syscall::openat:return")) {
		switch {
		case rec.Args[0] == uint64(fd) && rec.Errno == 0:
			sawPath = true
		case int64(rec.Args[0]) == -int64(unix.ENOENT):
			sawMissing = true
			if rec.Errno != int32(unix.ENOENT) || rec.Args[1] != rec.Args[0] {
				t.Errorf("failed openat:return: errno %d, args %#x", rec.Errno, rec.Args[:2])
			}
		}
	}
	if !sawPath || !sawMissing {
		t.Errorf("openat:return: saw success %v, failure %v", sawPath, sawMissing)
	}

	var sawRead, sawReturn bool
	for _, rec := range find(t, recs, one("syscall::read:entry")) {
		if rec.Args[0] == uint64(fd) && rec.Args[2] == 123 && uintptr(rec.Args[1]) == uintptr(unsafe.Pointer(&buf[0])) {
			sawRead = true
		}
	}
	for _, rec := range find(t, recs, one("syscall::read:return")) {
		if rec.Args[0] == uint64(n) && rec.Args[1] == uint64(n) && rec.Errno == 0 {
			sawReturn = true
		}
	}
	if !sawRead || !sawReturn {
		t.Errorf("read(fd, buf, 123) = %d: entry seen %v, return seen %v", n, sawRead, sawReturn)
	}

	entry := find(t, recs, one("syscall::getppid:entry"))
	ret := find(t, recs, one("syscall::getppid:return"))
	if len(entry) == 0 || len(ret) == 0 {
		t.Fatalf("getppid: %d entry and %d return firings", len(entry), len(ret))
	}
	if got := ret[len(ret)-1]; got.Args[0] != uint64(ppid) || got.Errno != 0 {
		t.Errorf("getppid:return args %#x errno %d, want %d", got.Args[:2], got.Errno, ppid)
	}
	if e := entry[len(entry)-1]; e.TGID != uint32(os.Getpid()) {
		t.Errorf("getppid:entry in process %d", e.TGID)
	}
}

// readString reads n bytes of this process's memory at addr, through
// /proc/self/mem: the address as the kernel saw it.
func readString(t *testing.T, addr uint64, n int) string {
	f, err := os.Open("/proc/self/mem")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	buf := make([]byte, n)
	if _, err := f.ReadAt(buf, int64(addr)); err != nil {
		t.Fatalf("read memory at %#x: %v", addr, err)
	}
	return string(buf)
}
