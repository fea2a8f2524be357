package toolkit

import (
	"encoding/binary"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/dtrace-go/dtrace/internal/vm/vmtest"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/fbt"
)

// The tools on kernel-function probes (fbt) cannot attach on this
// machine's kernel (no kprobes, fentry refused): their tests run in the
// 6.12 guest (internal/vm), which has fentry and kprobe_multi, with an
// empty NVMe disk for swapin.d's swap. The guest runs the tools with the
// options of their #! line (shebangCommand).

// guestTools are the tools the guest tests run: what is packed for them.
var guestTools = []string{"vfsstat.d", "vfscount.d", "swapin.d", "lockhold.d"}

// TestInGuests runs the TestGuest tests in the 6.12 guest.
func TestInGuests(t *testing.T) {
	vmtest.RunInGuests(t, vmtest.Config{Run: "^TestGuest", Dtrace: true,
		Kernels: []string{"6.12"}, Only: guestTools, Disk: 64 << 20})
}

// readsAndWrites reads a file 200 times and writes one 100 times, each a
// read(2) or write(2) of its own, the calls vfs_read and vfs_write serve.
func readsAndWrites(t *testing.T) {
	t.Helper()
	dir := t.TempDir()
	w, err := os.Create(filepath.Join(dir, "written"))
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	for i := 0; i < 100; i++ {
		if _, err := w.Write([]byte("x")); err != nil {
			t.Fatal(err)
		}
	}
	r, err := os.Open(filepath.Join(dir, "written"))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	buf := make([]byte, 1)
	for i := 0; i < 200; i++ {
		if _, err := r.ReadAt(buf, int64(i%100)); err != nil {
			t.Fatal(err)
		}
	}
}

func TestGuestVfsstat(t *testing.T) {
	vmtest.Guest(t)
	tl := start(t, "vfsstat.d", nil)
	readsAndWrites(t)
	// Lines a second: the interval's counts, per second. Sum them until
	// the reads and writes are all counted (the guest does little else).
	var reads, writes int64
	tl.wait(func(l string) bool {
		f := strings.Fields(l)
		if len(f) != 9 || f[4] == "READ/s" {
			return false
		}
		reads += atoi(t, f[4])
		writes += atoi(t, f[5])
		return reads >= 200 && writes >= 100
	})
	tl.stop()
	t.Logf("vfsstat.d counted %d reads and %d writes", reads, writes)
	if reads < 200 || writes < 100 {
		t.Errorf("%d reads and %d writes counted, want 200 and 100 at least", reads, writes)
	}
}

func TestGuestVfscount(t *testing.T) {
	vmtest.Guest(t)
	tl := start(t, "vfscount.d", nil)
	readsAndWrites(t)
	out := tl.stop()
	want := map[string]int64{"vfs_read": 200, "vfs_write": 100, "vfs_open": 2}
	for _, l := range after(t, out, "FUNCTION") {
		f := strings.Fields(l)
		if len(f) == 2 && want[f[0]] > 0 {
			if n := atoi(t, f[1]); n < want[f[0]] {
				t.Errorf("%s: %d calls, want %d at least", f[0], n, want[f[0]])
			} else {
				t.Logf("vfscount.d counted %d calls of %s", n, f[0])
			}
			delete(want, f[0])
		}
	}
	if len(want) > 0 {
		t.Errorf("no line for %v:\n%s", want, out)
	}
}

// swapHogEnv makes the test binary a process that allocates memory past
// its cgroup's limit and reads it back (swapHog), once told to start.
const swapHogEnv = "DTRACE_TOOLKIT_SWAPHOG"

// swapHog waits for a line on standard input (its parent has moved it to
// a memory cgroup meanwhile), then touches 48 MiB page by page, twice:
// with a limit of 16 MiB, the second pass reads most pages back from
// swap.
func swapHog() {
	io.ReadFull(os.Stdin, make([]byte, 1))
	mem, err := unix.Mmap(-1, 0, 48<<20, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANONYMOUS)
	if err != nil {
		os.Exit(2)
	}
	unix.Madvise(mem, unix.MADV_NOHUGEPAGE)
	for i := 0; i < len(mem); i += 4096 {
		mem[i] = byte(i >> 12)
	}
	sum := 0
	for i := 0; i < len(mem); i += 4096 {
		sum += int(mem[i])
	}
	os.Exit(sum & 1) // sum is even: 0
}

// swapOn makes the guest's disk a swap device (the header mkswap(8)
// writes: version 1, the last page, the magic at the end of the first
// page) and enables it.
func swapOn(t *testing.T, dev string) {
	t.Helper()
	f, err := os.OpenFile(dev, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	size, err := f.Seek(0, io.SeekEnd)
	if err != nil {
		t.Fatal(err)
	}
	page := make([]byte, 4096)
	binary.LittleEndian.PutUint32(page[1024:], 1)                   // version
	binary.LittleEndian.PutUint32(page[1028:], uint32(size/4096-1)) // last_page
	copy(page[4096-10:], "SWAPSPACE2")
	if _, err := f.WriteAt(page, 0); err != nil {
		t.Fatal(err)
	}
	f.Close()
	p, err := unix.BytePtrFromString(dev)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, e := unix.Syscall(unix.SYS_SWAPON, uintptr(unsafe.Pointer(p)), 0, 0); e != 0 {
		t.Fatalf("swapon %s: %v", dev, e)
	}
	t.Cleanup(func() { unix.Syscall(unix.SYS_SWAPOFF, uintptr(unsafe.Pointer(p)), 0, 0) })
}

// guestMemoryCgroup mounts cgroup2 where the guest has no cgroup file
// system, and makes a cgroup whose memory is limited to limit bytes, with
// swap allowed.
func guestMemoryCgroup(t *testing.T, limit int64) string {
	t.Helper()
	const root = "/sys/fs/cgroup"
	if _, err := os.Stat(root + "/cgroup.controllers"); err != nil {
		os.MkdirAll(root, 0755)
		if err := unix.Mount("cgroup2", root, "cgroup2", 0, ""); err != nil {
			t.Fatalf("mount cgroup2: %v", err)
		}
	}
	if err := os.WriteFile(root+"/cgroup.subtree_control", []byte("+memory"), 0644); err != nil {
		t.Fatalf("enable the memory controller: %v", err)
	}
	dir := root + "/swapin"
	if err := os.Mkdir(dir, 0755); err != nil && !errors.Is(err, os.ErrExist) {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Remove(dir) })
	if err := os.WriteFile(dir+"/memory.max", []byte(strconv.FormatInt(limit, 10)), 0644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestGuestSwapin(t *testing.T) {
	vmtest.Guest(t)
	const dev = "/dev/nvme0n1"
	for i := 0; ; i++ {
		if _, err := os.Stat(dev); err == nil {
			break
		}
		if _, err := os.Stat("/sys/bus/pci/drivers/nvme"); err != nil {
			t.Fatal("the guest has no NVMe driver for its disk")
		}
		time.Sleep(50 * time.Millisecond) // the driver finds the disk
	}
	swapOn(t, dev)
	cg := guestMemoryCgroup(t, 16<<20)
	tl := start(t, "swapin.d", nil)
	hog := exec.Command(os.Args[0])
	hog.Env = append(os.Environ(), swapHogEnv+"=1")
	in, err := hog.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := hog.Start(); err != nil {
		t.Fatal(err)
	}
	pid := strconv.Itoa(hog.Process.Pid)
	if err := os.WriteFile(cg+"/cgroup.procs", []byte(pid), 0644); err != nil {
		hog.Process.Kill()
		t.Fatal(err)
	}
	in.Write([]byte("\n"))
	if err := hog.Wait(); err != nil {
		t.Fatalf("the memory hog: %v", err)
	}
	// Each interval lists the pages each process read back from swap: 48
	// MiB touched again under a 16 MiB limit, thousands of pages.
	var pages int64
	tl.wait(func(l string) bool {
		if f := strings.Fields(l); len(f) == 3 && f[1] == pid {
			pages += atoi(t, f[2])
		}
		return pages >= 1000
	})
	tl.stop()
	t.Logf("swapin.d counted %d pages read back from swap by %s", pages, pid)
	if pages < 1000 {
		t.Errorf("%d pages swapped in by %s, want 1000 at least", pages, pid)
	}
}

// pipeWriters has four threads write one pipe 512 bytes at a time, 500
// times each, while a fifth reads it: each write and read holds the
// pipe's mutex, and takes its wait queues' spin locks to wake the other
// side.
func pipeWriters(t *testing.T) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	read := make(chan struct{})
	go func() {
		defer close(read)
		runtime.LockOSThread()
		io.Copy(io.Discard, r)
	}()
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runtime.LockOSThread()
			buf := make([]byte, 512)
			for range 500 {
				if _, err := unix.Write(int(w.Fd()), buf); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	w.Close()
	<-read
}

// aggregationDrops are the lines dtrace may write to standard error while
// a tool runs whose aggregations are updated in interrupts: those that
// came while their CPU was updating the same aggregation are not counted.
var aggregationDrops = regexp.MustCompile(`^dtrace: \d+ aggregation drops on CPU \d+ \(new keys the kernel could not store where their probe fired\)$`)

func TestGuestLockhold(t *testing.T) {
	vmtest.Guest(t)
	tl := start(t, "lockhold.d", nil)
	tl.allow = aggregationDrops
	pipeWriters(t)
	out := tl.stop()
	// The table: a line per type, the pipe's mutex and wait queues among
	// its mutex and spin holds.
	kinds := map[string]bool{}
	for _, l := range after(t, out, "TOTAL(ns)") {
		f := strings.Fields(l)
		if len(f) != 5 {
			break
		}
		holds, avg, hi, total := atoi(t, f[1]), atoi(t, f[2]), atoi(t, f[3]), atoi(t, f[4])
		if holds < 1 || avg > hi || hi > total || total < avg*holds-holds {
			t.Errorf("inconsistent: %q", l)
		}
		kinds[f[0]] = true
		t.Logf("lockhold.d: %s", l)
	}
	for _, k := range []string{"mutex", "spin"} {
		if !kinds[k] {
			t.Errorf("no %s line in the table:\n%s", k, out)
			continue
		}
		// Its histogram, under its name (padded with spaces).
		hist := strings.Join(after(t, out, "Hold times (ns) by type:"), "\n")
		if n, _ := histTotal(t, hist, "  "+k+" "); n < 1 {
			t.Errorf("%s's histogram counts %d holds", k, n)
		}
	}
	// The code paths: the pipe's read or write took a mutex (the stack's
	// top frame, at mutex_lock's return, is its caller); some code
	// took a spin lock.
	section := func(kind, next string) string {
		s := strings.Join(after(t, out, kind+": the 5 code paths"), "\n")
		s, _, _ = strings.Cut(s, next+": the 5 code paths")
		return s
	}
	pipe := regexp.MustCompile("(?m)^\\s+(vmlinux`)?(anon_)?pipe_(write|read)\\+0x[0-9a-f]+\\n(\\s+\\S+\\n)*\\s+TOTAL\\(ns\\) [1-9]\\d*$")
	if s := section("mutex", "spin"); !pipe.MatchString(s) {
		t.Errorf("no mutex held by pipe_write or pipe_read among the code paths:\n%s", s)
	}
	spin := regexp.MustCompile("(?m)^\\s+(vmlinux`)?\\S+\\+0x[0-9a-f]+\\n(\\s+\\S+\\n)*\\s+TOTAL\\(ns\\) [1-9]\\d*$")
	if s := section("spin", "rw:R"); !spin.MatchString(s) {
		t.Errorf("no code path holding a spin lock:\n%s", s)
	}
}

// On a kernel that cannot probe its functions (this host: no kprobes,
// fentry refused), lockhold.d's probes cannot be enabled: dtrace says so
// in one line, naming the lockstat probe and the lock function, and
// exits 1.
func TestLockholdWithoutFunctionProbes(t *testing.T) {
	needRoot(t)
	var ke *providers.KernelError
	if err := fbt.New(providers.System{}).Reason("mutex_lock"); !errors.As(err, &ke) {
		t.Skipf("this kernel can probe mutex_lock (%v): TestGuestLockhold runs lockhold.d", err)
	}
	tl := startNoWait(t, "lockhold.d", nil)
	out := tl.exit(1)
	if strings.TrimSpace(out) != "" {
		t.Errorf("output %q, want none", out)
	}
	stderr := tl.stderrText()
	l := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	re := regexp.MustCompile(`^dtrace: could not enable tracing: lockstat:::(adaptive|spin|rw)-(acquire|release) fires at .+, and this kernel cannot probe \S+: .+$`)
	if len(l) != 1 || !re.MatchString(l[0]) {
		t.Errorf("stderr %q, want one line matching %s", stderr, re)
	}
}
