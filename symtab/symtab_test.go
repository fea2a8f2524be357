package symtab

import (
	"bufio"
	"bytes"
	"debug/elf"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ulikunitz/xz"
)

func TestParseKallsyms(t *testing.T) {
	const listing = `0000000000000000 A fixed_percpu_data
ffffffff81000000 T _stext
ffffffff81000000 T _text
ffffffff81000100 t local_fn
ffffffff81000180 T __global_fn
ffffffff81000180 T global_fn
ffffffff81000200 D some_data
ffffffff81000300 T after_data
ffffffff81000400 R rodata_start
ffffffffc0001000 t mod_fn	[ext4]
ffffffffc0001080 t mod_fn2	[ext4]
ffffffffc0002000 d mod_data	[ext4]
`
	k, err := ParseKallsyms(strings.NewReader(listing))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		pc   uint64
		want Symbol
	}{
		{0xffffffff81000000, Symbol{"vmlinux", "_stext", 0xffffffff81000000, 0xffffffff81000000}},
		{0xffffffff81000104, Symbol{"vmlinux", "local_fn", 0xffffffff81000100, 0xffffffff81000000}},
		{0xffffffff81000190, Symbol{"vmlinux", "global_fn", 0xffffffff81000180, 0xffffffff81000000}},
		{0xffffffff81000210, Symbol{}}, // in data: no function
		{0xffffffff81000300, Symbol{"vmlinux", "after_data", 0xffffffff81000300, 0xffffffff81000000}},
		{0xffffffffc0001004, Symbol{"ext4", "mod_fn", 0xffffffffc0001000, 0xffffffffc0001000}},
		{0xffffffffc0001fff, Symbol{"ext4", "mod_fn2", 0xffffffffc0001080, 0xffffffffc0001000}},
		{0xffffffffc0002000, Symbol{}},
		{0xffffffff80000000, Symbol{}},
	} {
		if got := k.Lookup(tc.pc); got != tc.want {
			t.Errorf("Lookup(%#x) = %+v, want %+v", tc.pc, got, tc.want)
		}
	}
	if _, err := ParseKallsyms(strings.NewReader("0000000000000000 T foo\n")); err == nil {
		t.Error("a listing without addresses parsed")
	}
}

func TestRunningKernel(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("kallsyms shows addresses to root only")
	}
	k, err := ReadKernel()
	if err != nil {
		t.Fatal(err)
	}
	// Find do_syscall_64's address in the listing and resolve an address
	// inside it.
	f, err := os.Open(KallsymsPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var addr uint64
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) == 3 && fs[2] == "do_syscall_64" {
			addr, _ = strconv.ParseUint(fs[0], 16, 64)
		}
	}
	if addr == 0 {
		t.Fatal("no do_syscall_64 in kallsyms")
	}
	if got := k.Lookup(addr + 4); got.Module != "vmlinux" || got.Name != "do_syscall_64" || got.Start != addr || got.Base == 0 || got.Base > addr {
		t.Errorf("Lookup(do_syscall_64+4) = %+v, want do_syscall_64 at %#x", got, addr)
	}
}

// need returns the path of a tool the test needs, skipping the test when it
// is missing unless DTRACE_TEST_REQUIRE_BPF is set (CI).
func need(t *testing.T, tool string) string {
	p, err := exec.LookPath(tool)
	if err != nil {
		if os.Getenv("DTRACE_TEST_REQUIRE_BPF") != "" {
			t.Fatalf("%s is needed: %v", tool, err)
		}
		t.Skipf("%s is needed: %v", tool, err)
	}
	return p
}

func run(t *testing.T, dir string, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}

// buildC builds testdata/prog.c with extra gcc flags into dir/name, with
// its library libst.so beside it.
func buildC(t *testing.T, dir, name string, flags ...string) string {
	gcc := need(t, "gcc")
	src, _ := filepath.Abs("testdata")
	lib := filepath.Join(dir, "libst.so")
	if _, err := os.Stat(lib); err != nil {
		run(t, dir, gcc, "-O1", "-g", "-fPIC", "-shared", "-o", lib, filepath.Join(src, "lib.c"))
	}
	out := filepath.Join(dir, name)
	args := append([]string{"-O1", "-fno-omit-frame-pointer", "-o", out, filepath.Join(src, "prog.c"), "-L" + dir, "-lst", "-Wl,-rpath," + dir}, flags...)
	run(t, dir, gcc, args...)
	return out
}

// start runs a test program and returns its process id and the addresses
// it prints; the program ends when the test does.
func start(t *testing.T, path string) (int, []uint64) {
	t.Helper()
	cmd, _, out := startCmd(t, exec.Command(path))
	line, err := out.ReadString('\n')
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var addrs []uint64
	for _, f := range strings.Fields(line) {
		a, err := strconv.ParseUint(strings.TrimPrefix(f, "0x"), 16, 64)
		if err != nil {
			t.Fatalf("%s printed %q", path, line)
		}
		addrs = append(addrs, a)
	}
	return cmd.Process.Pid, addrs
}

// checkFuncs checks that addresses inside a, b and c (and libstatic, when
// the program printed it) resolve to them.
func checkFuncs(t *testing.T, ps *Processes, pid int, module string, names []string, addrs []uint64) {
	t.Helper()
	if len(addrs) < len(names) {
		t.Fatalf("%d addresses for %d functions", len(addrs), len(names))
	}
	for i, name := range names {
		mod := module
		if name == "libstatic" {
			mod = "libst.so"
		}
		got := ps.Lookup(pid, addrs[i]+1)
		if got.Module != mod || got.Name != name || got.Start != addrs[i] || got.Base == 0 || got.Base > addrs[i] {
			t.Errorf("%s: Lookup(%#x) = %+v, want %s`%s at %#x", module, addrs[i]+1, got, mod, name, addrs[i])
		}
	}
}

func TestCPrograms(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name  string
		flags []string
	}{
		{"pie", []string{"-pie", "-fPIE"}},
		{"nopie", []string{"-no-pie", "-fno-PIE"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := buildC(t, dir, tc.name, tc.flags...)
			f, err := elf.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			wantType := elf.ET_DYN
			if tc.name == "nopie" {
				wantType = elf.ET_EXEC
			}
			if f.Type != wantType {
				t.Fatalf("%s is of type %v, want %v", path, f.Type, wantType)
			}
			f.Close()
			pid, addrs := start(t, path)
			ps := NewProcesses()
			checkFuncs(t, ps, pid, tc.name, []string{"a", "b", "c", "libstatic"}, addrs)
			// libc's getppid, through .dynsym.
			if s := ps.Lookup(pid, lookupLibc(t, pid, "getppid")); s.Name != "getppid" && s.Name != "__getppid" {
				t.Errorf("getppid resolved to %+v", s)
			}
		})
	}
}

// lookupLibc returns the run-time address of a libc function in pid, from
// libc's dynamic symbols and the process's memory map.
func lookupLibc(t *testing.T, pid int, name string) uint64 {
	t.Helper()
	maps, err := os.ReadFile(fmt.Sprintf("/proc/%d/maps", pid))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(maps), "\n") {
		m, key, ok := parseMapsLine(line)
		if !ok || !strings.HasPrefix(filepath.Base(key.path), "libc.so") {
			continue
		}
		f, err := elf.Open(key.path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		syms, _ := f.DynamicSymbols()
		for _, s := range syms {
			if s.Name != name {
				continue
			}
			for _, p := range f.Progs {
				if p.Type == elf.PT_LOAD && s.Value >= p.Vaddr && s.Value < p.Vaddr+p.Filesz &&
					m.Offset >= p.Off && m.Offset < p.Off+p.Filesz {
					return m.Start + (s.Value - p.Vaddr) - (m.Offset - p.Off) + 2
				}
			}
		}
	}
	t.Fatalf("no %s in the libc of process %d", name, pid)
	return 0
}

func TestStripped(t *testing.T) {
	dir := t.TempDir()
	path := buildC(t, dir, "full", "-g")
	objcopy := need(t, "objcopy")
	strip := need(t, "strip")

	// Stripped, nothing else: the module is known, the functions are not
	// (never a wrong name).
	bare := filepath.Join(dir, "bare")
	run(t, dir, strip, "-o", bare, path)
	pid, addrs := start(t, bare)
	ps := NewProcesses()
	for i, a := range addrs[:3] {
		if got := ps.Lookup(pid, a+1); got.Name != "" || got.Module != "bare" {
			t.Errorf("stripped: Lookup of function %d = %+v", i, got)
		}
	}

	// Stripped with a .gnu_debuglink to a debug file beside it.
	linked := filepath.Join(dir, "linked")
	run(t, dir, objcopy, "--only-keep-debug", path, filepath.Join(dir, "linked.debug"))
	run(t, dir, strip, "-o", linked, path)
	run(t, dir, objcopy, "--add-gnu-debuglink=linked.debug", linked)
	pid, addrs = start(t, linked)
	checkFuncs(t, NewProcesses(), pid, "linked", []string{"a", "b", "c"}, addrs)

	// Stripped, its debug file found by build ID under a debug directory.
	byID := filepath.Join(dir, "byid")
	run(t, dir, strip, "-o", byID, path)
	o, err := OpenObject(path)
	if err != nil || o.BuildID == "" {
		t.Fatalf("no build ID: %v", err)
	}
	dbg := filepath.Join(dir, "debug")
	idDir := filepath.Join(dbg, ".build-id", o.BuildID[:2])
	if err := os.MkdirAll(idDir, 0o755); err != nil {
		t.Fatal(err)
	}
	run(t, dir, objcopy, "--only-keep-debug", path, filepath.Join(idDir, o.BuildID[2:]+".debug"))
	pid, addrs = start(t, byID)
	ps = NewProcesses()
	ps.DebugDir = dbg
	checkFuncs(t, ps, pid, "byid", []string{"a", "b", "c"}, addrs)

	// Stripped with the symbols in .gnu_debugdata (xz-compressed).
	mini := filepath.Join(dir, "mini")
	run(t, dir, strip, "-o", mini, path)
	syms := filepath.Join(dir, "syms")
	run(t, dir, objcopy, "--strip-debug", path, syms)
	raw, err := os.ReadFile(syms)
	if err != nil {
		t.Fatal(err)
	}
	var z bytes.Buffer
	w, err := xz.NewWriter(&z)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(w, bytes.NewReader(raw))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(syms+".xz", z.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, dir, objcopy, "--add-section", ".gnu_debugdata="+syms+".xz", mini)
	pid, addrs = start(t, mini)
	checkFuncs(t, NewProcesses(), pid, "mini", []string{"a", "b", "c"}, addrs)
}

func TestGoProgram(t *testing.T) {
	goTool := need(t, "go")
	dir := t.TempDir()
	path := filepath.Join(dir, "goprog")
	run(t, ".", goTool, "build", "-o", path, "./testdata/goprog")
	pid, addrs := start(t, path)
	ps := NewProcesses()
	checkFuncs(t, ps, pid, "goprog", []string{"main.a", "main.b", "main.c"}, addrs)
}

func TestStrippedGoProgram(t *testing.T) {
	goTool := need(t, "go")
	dir := t.TempDir()
	path := filepath.Join(dir, "gostripped")
	run(t, ".", goTool, "build", "-ldflags=-s -w", "-o", path, "./testdata/goprog")
	f, err := elf.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if s := f.Section(".symtab"); s != nil {
		t.Fatalf("%s has a .symtab", path)
	}
	f.Close()
	pid, addrs := start(t, path)
	checkFuncs(t, NewProcesses(), pid, "gostripped", []string{"main.a", "main.b", "main.c"}, addrs)
}

func TestExitedProcess(t *testing.T) {
	goTool := need(t, "go")
	dir := t.TempDir()
	path := filepath.Join(dir, "goprog")
	run(t, ".", goTool, "build", "-o", path, "./testdata/goprog")
	cmd := exec.Command(path)
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var a, b, c uint64
	if _, err := fmt.Fscanf(out, "%v %v %v\n", &a, &b, &c); err != nil {
		t.Fatal(err)
	}
	ps := NewProcesses()
	ps.Note(cmd.Process.Pid)
	in.Close()
	cmd.Wait()
	if got := ps.Lookup(cmd.Process.Pid, c+3); got.Name != "main.c" || got.Start != c {
		t.Errorf("after exit: %+v", got)
	}
	// Reading the map again fails: what was known stays.
	ps.Refresh(cmd.Process.Pid)
	if got := ps.Lookup(cmd.Process.Pid, c+3); got.Name != "main.c" || got.Start != c {
		t.Errorf("after exit and Refresh: %+v", got)
	}
	// An unknown address of an exited process: hex, no module.
	if got := ps.Lookup(cmd.Process.Pid, 8); got != (Symbol{}) {
		t.Errorf("unmapped address: %+v", got)
	}
	// A process never seen: nothing.
	if got := ps.Lookup(1<<30, c); got != (Symbol{}) {
		t.Errorf("unknown process: %+v", got)
	}
}

func TestParseMapsLine(t *testing.T) {
	m, key, ok := parseMapsLine("7f0000001000-7f0000002000 r-xp 00001000 fd:01 1234   /usr/lib/my lib.so (deleted)")
	if !ok || m.Start != 0x7f0000001000 || m.Limit != 0x7f0000002000 || m.Offset != 0x1000 || key.inode != 1234 ||
		key.path != "/usr/lib/my lib.so" || m.Path != key.path || m.module != "my lib.so" {
		t.Errorf("got %+v %+v %+v %v", m, m.Mapping, key, ok)
	}
	for _, bad := range []string{"", "x", "7f-7e r-xp 0 0:0 0", "1000-2000 rw-p 0 00:00 0 /a", "zz-2000 r-xp 0 00:00 0"} {
		if _, _, ok := parseMapsLine(bad); ok {
			t.Errorf("%q parsed", bad)
		}
	}
}
