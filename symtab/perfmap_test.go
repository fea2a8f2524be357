package symtab

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestParsePerfMapLine(t *testing.T) {
	for _, c := range []struct {
		line        string
		start, size uint64
		name        string
	}{
		{"7f0000001000 40 jit_fn", 0x7f0000001000, 0x40, "jit_fn"},
		{"0x7f0000001000 0x40 jit_fn", 0x7f0000001000, 0x40, "jit_fn"},
		{"7f0000001000\t1f\tLazyCompile:*fib /app/fib.js:3\r", 0x7f0000001000, 0x1f, "LazyCompile:*fib /app/fib.js:3"},
		{"  7F00 a   py::f:/x.py", 0x7f00, 0xa, "py::f:/x.py"},
	} {
		s, ok := parsePerfMapLine([]byte(c.line))
		if !ok || s.start != c.start || s.end != c.start+c.size || s.name != c.name {
			t.Errorf("%q: %+v %v", c.line, s, ok)
		}
	}
	for _, bad := range []string{"", "7f00", "7f00 40", "7f00 40 ", "zz 40 f", "7f00 4g f", "7f00 0 f",
		"ffffffffffffffff 2 f", "-1 2 f", "7f00 40\n"} {
		if s, ok := parsePerfMapLine([]byte(bad)); ok {
			t.Errorf("%q parsed: %+v", bad, s)
		}
	}
}

// fakeProc is a proc file system of one process: its map, its status and
// its root (a directory of its own).
type fakeProc struct {
	dir, pidDir, root string
	pid               int
}

// The fake process's anonymous executable memory, and a file's mapping.
const (
	anonStart = 0x7f0000000000
	anonLimit = 0x7f0000010000
	fakeMaps  = "555555554000-555555556000 r-xp 00000000 fd:01 77 /nonexistent/app\n" +
		"7f0000000000-7f0000010000 r-xp 00000000 00:00 0 \n" +
		"7f0000010000-7f0000020000 rw-p 00000000 00:00 0 \n"
)

// newFakeProc makes process pid, whose pid in its namespace is nspid and
// whose effective user is uid.
func newFakeProc(t *testing.T, pid, nspid int, uid uint32) *fakeProc {
	t.Helper()
	dir := t.TempDir()
	p := &fakeProc{dir: dir, pidDir: filepath.Join(dir, strconv.Itoa(pid)), pid: pid}
	p.root = filepath.Join(p.pidDir, "root")
	writeFile(t, filepath.Join(p.pidDir, "maps"), []byte(fakeMaps))
	p.setUID(t, uid, nspid)
	if err := os.MkdirAll(filepath.Join(p.root, "tmp"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

func (p *fakeProc) setUID(t *testing.T, uid uint32, nspid int) {
	t.Helper()
	status := fmt.Sprintf("Name:\tnode\nTgid:\t%d\nUid:\t%d\t%d\t%d\t%d\nNSpid:\t%d\t%d\n", p.pid, uid+1, uid, uid, uid, p.pid, nspid)
	writeFile(t, filepath.Join(p.pidDir, "status"), []byte(status))
}

// mapPath is the path of the process's perf map.
func (p *fakeProc) mapPath(nspid int) string {
	return filepath.Join(p.root, "tmp", fmt.Sprintf("perf-%d.map", nspid))
}

// appendMap appends text to the perf map at path.
func appendMap(t *testing.T, path, text string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
	f.Close()
}

// jitFrame is a frame of the perf map perf-NSPID.map in the fake
// process's anonymous mapping.
func jitFrame(t *testing.T, ps *Processes, pc uint64, nspid int, name string, start uint64) {
	t.Helper()
	f := ps.Frame(1234, pc)
	if f.Func != name || f.FuncStart != start || f.Module != fmt.Sprintf("perf-%d.map", nspid) || f.PC != pc ||
		f.Mapping == nil || f.Mapping.Path != "" || f.Mapping.Start != anonStart {
		t.Errorf("Frame(%#x) = %+v (mapping %+v), want %s at %#x", pc, f, f.Mapping, name, start)
	}
}

// noJITFrame checks that pc, in the fake process's anonymous mapping, has
// no name.
func noJITFrame(t *testing.T, ps *Processes, pc uint64) {
	t.Helper()
	f := ps.Frame(1234, pc)
	if f.Func != "" || f.Module != "" || f.Mapping == nil || f.Mapping.Start != anonStart {
		t.Errorf("Frame(%#x) = %+v, want an address in anonymous memory", pc, f)
	}
}

// ownUID returns a user id other than root's that the test's files can be
// owned by, chowning path to it when the test runs as root.
func ownUID(t *testing.T, path string) uint32 {
	t.Helper()
	if os.Geteuid() != 0 {
		return uint32(os.Geteuid())
	}
	if err := os.Chown(path, 4242, 4242); err != nil {
		t.Fatal(err)
	}
	return 4242
}

// A perf map in the process's root, named after its pid in its namespace:
// its functions name the addresses of anonymous executable memory, the
// later of two lines naming the same code wins, lines that do not parse
// are skipped, an address it does not name stays an address.
func TestPerfMap(t *testing.T) {
	p := newFakeProc(t, 1234, 5, 0)
	path := p.mapPath(5)
	appendMap(t, path, "7f0000000100 40 jit_one\n"+
		"this is not a line\n"+
		"7f0000000200 zz bad_size\n"+
		"7f0000000300 0 empty\n"+
		"0x7f0000000400 0x80 LazyCompile:*fib /app/fib.js:3\n"+
		"7f0000000500 100 old\n"+
		"7f0000000500 40 replaced\n"+
		"7f0000000600 100 other\n"+
		"7f00000005f0 20 later_overlap\n")
	uid := ownUID(t, path)
	p.setUID(t, uid, 5)
	ps := NewProcesses()
	ps.Proc = p.dir
	ps.refresh = time.Hour // only what the test does reads the map again
	jitFrame(t, ps, 0x7f0000000110, 5, "jit_one", 0x7f0000000100)
	jitFrame(t, ps, 0x7f0000000100, 5, "jit_one", 0x7f0000000100)
	jitFrame(t, ps, 0x7f0000000410, 5, "LazyCompile:*fib /app/fib.js:3", 0x7f0000000400)
	jitFrame(t, ps, 0x7f0000000510, 5, "replaced", 0x7f0000000500)
	jitFrame(t, ps, 0x7f0000000550, 5, "old", 0x7f0000000500)
	jitFrame(t, ps, 0x7f00000005f8, 5, "later_overlap", 0x7f00000005f0)
	jitFrame(t, ps, 0x7f0000000608, 5, "later_overlap", 0x7f00000005f0)
	jitFrame(t, ps, 0x7f0000000620, 5, "other", 0x7f0000000600)
	noJITFrame(t, ps, 0x7f0000000140)
	noJITFrame(t, ps, 0x7f0000000210)
	noJITFrame(t, ps, 0x7f0000000300)
	if s := ps.Lookup(1234, 0x7f0000000110); s != (Symbol{Module: "perf-5.map", Name: "jit_one", Start: 0x7f0000000100}) {
		t.Errorf("Lookup(jit_one+0x10) = %+v", s)
	}
	// A mapping of a file is not looked up in the perf map, nor memory
	// that is not executable.
	appendMap(t, path, "555555554000 1000 not_jit\n7f0000010000 100 not_exec\n")
	if f := ps.Frame(1234, 0x555555554010); f.Func != "" || f.Module != "app" {
		t.Errorf("a file's mapping: %+v", f)
	}
	if f := ps.Frame(1234, 0x7f0000010010); f.Func != "" || f.Mapping != nil {
		t.Errorf("memory not executable: %+v", f)
	}
}

// The perf map grows while the process runs: an address it did not name
// makes what was appended read; an address that missed before reads it
// again only once the refresh interval has passed; a line still being
// written is read once whole. Once the process is gone, the map, kept
// open, still reads what is appended, its last line too.
func TestPerfMapGrows(t *testing.T) {
	p := newFakeProc(t, 1234, 1234, 0)
	path := p.mapPath(1234)
	appendMap(t, path, "7f0000000100 40 first\n")
	p.setUID(t, ownUID(t, path), 1234)
	ps := NewProcesses()
	ps.Proc = p.dir
	ps.refresh = time.Hour
	ps.Note(1234)
	jitFrame(t, ps, 0x7f0000000110, 1234, "first", 0x7f0000000100)
	appendMap(t, path, "7f0000000200 40 second\n7f0000000300 40 thi")
	jitFrame(t, ps, 0x7f0000000210, 1234, "second", 0x7f0000000200)
	noJITFrame(t, ps, 0x7f0000000310)
	appendMap(t, path, "rd\n")
	noJITFrame(t, ps, 0x7f0000000310) // it missed less than an hour ago
	ps.refresh = 0
	jitFrame(t, ps, 0x7f0000000310, 1234, "third", 0x7f0000000300)
	// The runtime writes its last lines as the process goes.
	w, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(p.pidDir); err != nil {
		t.Fatal(err)
	}
	if _, err := w.WriteString("7f0000000400 40 fourth\n7f0000000500 40 fifth"); err != nil {
		t.Fatal(err)
	}
	w.Close()
	jitFrame(t, ps, 0x7f0000000410, 1234, "fourth", 0x7f0000000400)
	jitFrame(t, ps, 0x7f0000000510, 1234, "fifth", 0x7f0000000500)
	jitFrame(t, ps, 0x7f0000000110, 1234, "first", 0x7f0000000100)
}

// A process is first read before it writes its perf map, and exits before
// its frames are looked up: Update, called while it runs, reads the map.
func TestPerfMapUpdate(t *testing.T) {
	p := newFakeProc(t, 1234, 1234, 0)
	path := p.mapPath(1234)
	ps := NewProcesses()
	ps.Proc = p.dir
	ps.refresh = 0
	ps.Note(1234)
	ps.Update()
	appendMap(t, path, "7f0000000100 40 compiled\n")
	p.setUID(t, ownUID(t, path), 1234)
	ps.Update()
	if err := os.RemoveAll(p.pidDir); err != nil {
		t.Fatal(err)
	}
	jitFrame(t, ps, 0x7f0000000110, 1234, "compiled", 0x7f0000000100)
}

// A watched process (-c) is read before it maps anonymous executable
// memory; Update reads its map again, and its perf map with it, so that
// its frames resolve once it has exited.
func TestPerfMapWatch(t *testing.T) {
	p := newFakeProc(t, 1234, 1234, 0)
	maps := filepath.Join(p.pidDir, "maps")
	writeFile(t, maps, []byte(strings.SplitAfter(fakeMaps, "\n")[0]))
	ps := NewProcesses()
	ps.Proc = p.dir
	ps.refresh = 0
	ps.Watch(1234)
	ps.Update()
	writeFile(t, maps, []byte(fakeMaps))
	path := p.mapPath(1234)
	appendMap(t, path, "7f0000000100 40 compiled\n")
	p.setUID(t, ownUID(t, path), 1234)
	ps.Update()
	if err := os.RemoveAll(p.pidDir); err != nil {
		t.Fatal(err)
	}
	jitFrame(t, ps, 0x7f0000000110, 1234, "compiled", 0x7f0000000100)
}

// Only a regular file owned by the process's effective user or root is
// trusted, found in the process's root (its symbolic links resolved
// there).
func TestPerfMapTrust(t *testing.T) {
	const line = "7f0000000100 40 jit_fn\n"
	newPS := func(p *fakeProc) *Processes {
		ps := NewProcesses()
		ps.Proc = p.dir
		return ps
	}
	// Owned by a user other than the process's.
	p := newFakeProc(t, 1234, 1234, 0)
	appendMap(t, p.mapPath(1234), line)
	uid := ownUID(t, p.mapPath(1234))
	p.setUID(t, uid+1, 1234)
	noJITFrame(t, newPS(p), 0x7f0000000110)
	p.setUID(t, uid, 1234)
	jitFrame(t, newPS(p), 0x7f0000000110, 1234, "jit_fn", 0x7f0000000100)
	if os.Geteuid() == 0 {
		// Root's.
		if err := os.Chown(p.mapPath(1234), 0, 0); err != nil {
			t.Fatal(err)
		}
		p.setUID(t, uid+1, 1234)
		jitFrame(t, newPS(p), 0x7f0000000110, 1234, "jit_fn", 0x7f0000000100)
	}
	// A symbolic link, to a file the process's user owns.
	p = newFakeProc(t, 1234, 1234, 0)
	target := filepath.Join(p.root, "tmp", "elsewhere")
	appendMap(t, target, line)
	p.setUID(t, ownUID(t, target), 1234)
	if err := os.Symlink(target, p.mapPath(1234)); err != nil {
		t.Fatal(err)
	}
	noJITFrame(t, newPS(p), 0x7f0000000110)
	// A FIFO: refused, without waiting for a writer.
	p = newFakeProc(t, 1234, 1234, uint32(os.Geteuid()))
	if err := syscall.Mkfifo(p.mapPath(1234), 0o644); err != nil {
		t.Fatal(err)
	}
	noJITFrame(t, newPS(p), 0x7f0000000110)
	// The process's /tmp is a symbolic link to an absolute path: resolved
	// in its root.
	p = newFakeProc(t, 1234, 1234, 0)
	if err := os.Remove(filepath.Join(p.root, "tmp")); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(p.root, "var", "tmp"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/var/tmp", filepath.Join(p.root, "tmp")); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(p.root, "var", "tmp", "perf-1234.map")
	appendMap(t, path, line)
	p.setUID(t, ownUID(t, path), 1234)
	jitFrame(t, newPS(p), 0x7f0000000110, 1234, "jit_fn", 0x7f0000000100)
}

// At most PerfMapLimit bytes of a perf map are read, whole lines.
func TestPerfMapLimit(t *testing.T) {
	p := newFakeProc(t, 1234, 1234, 0)
	path := p.mapPath(1234)
	appendMap(t, path, "7f0000000100 40 a\n7f0000000200 40 b\n")
	p.setUID(t, ownUID(t, path), 1234)
	ps := NewProcesses()
	ps.Proc = p.dir
	ps.refresh = 0
	ps.PerfMapLimit = int64(len("7f0000000100 40 a\n7f0000000200 40 b\n7f00"))
	jitFrame(t, ps, 0x7f0000000110, 1234, "a", 0x7f0000000100)
	appendMap(t, path, "00000300 40 c\n7f0000000400 40 d\n")
	jitFrame(t, ps, 0x7f0000000210, 1234, "b", 0x7f0000000200)
	noJITFrame(t, ps, 0x7f0000000310)
	noJITFrame(t, ps, 0x7f0000000410)
	if j := ps.procs[1234].jit; !j.full || len(j.syms) != 2 {
		t.Errorf("limit reached: full %v, %d functions", j.full, len(j.syms))
	}
}

// The process execs: its new image's perf map, written anew, is read from
// its start, and the old image's functions are gone.
func TestPerfMapExec(t *testing.T) {
	p := newFakeProc(t, 1234, 1234, 0)
	path := p.mapPath(1234)
	appendMap(t, path, "7f0000000100 40 old_image\n")
	p.setUID(t, ownUID(t, path), 1234)
	ps := NewProcesses()
	ps.Proc = p.dir
	jitFrame(t, ps, 0x7f0000000110, 1234, "old_image", 0x7f0000000100)
	writeFile(t, filepath.Join(p.pidDir, "maps"), []byte(fakeMaps+"7ffff7fc1000-7ffff7fc3000 r-xp 00000000 00:00 0 [vdso]\n"))
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	appendMap(t, path, "7f0000000100 20 new_image_first_function_of_a_longer_line\n7f0000000200 40 second\n")
	p.setUID(t, ownUID(t, path), 1234)
	ps.Refresh(1234)
	jitFrame(t, ps, 0x7f0000000110, 1234, "new_image_first_function_of_a_longer_line", 0x7f0000000100)
	jitFrame(t, ps, 0x7f0000000210, 1234, "second", 0x7f0000000200)
}

// A running program with code in anonymous executable memory, named by
// the perf map written for it: its frames resolve while it runs and once
// it has exited.
func TestPerfMapProcess(t *testing.T) {
	gcc := need(t, "gcc")
	dir := t.TempDir()
	src, _ := filepath.Abs("testdata/jit.c")
	path := filepath.Join(dir, "jit")
	run(t, dir, gcc, "-O1", "-o", path, src)
	cmd, in, out := startCmd(t, exec.Command(path))
	addrs := readAddrs(t, out)
	pid := cmd.Process.Pid
	mapPath := fmt.Sprintf("/tmp/perf-%d.map", pid)
	t.Cleanup(func() { os.Remove(mapPath) })
	code := addrs[0]
	appendMap(t, mapPath, fmt.Sprintf("%x 10 jit_code\n", code))
	ps := NewProcesses()
	check := func(when string) {
		t.Helper()
		f := ps.Frame(pid, code+4)
		if f.Func != "jit_code" || f.FuncStart != code || f.Module != fmt.Sprintf("perf-%d.map", pid) || f.Mapping == nil || f.Mapping.Path != "" {
			t.Errorf("%s: Frame(jit_code+4) = %+v", when, f)
		}
		if f := ps.Frame(pid, code+0x20); f.Func != "" || f.Module != "" || f.Mapping == nil {
			t.Errorf("%s: Frame(code+0x20) = %+v", when, f)
		}
	}
	check("running")
	in.Close()
	cmd.Wait()
	check("exited")
}
