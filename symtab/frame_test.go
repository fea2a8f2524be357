package symtab

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

const testListing = `0000000000000000 A fixed_percpu_data
0000000000001000 A cpu_number
ffffffff81000000 T _stext
ffffffff81000000 T _text
ffffffff81000100 t local_fn
ffffffff81000180 T global_fn
ffffffff81000200 D some_data
ffffffff81000210 d dup_var
ffffffff81000220 D dup_var
ffffffff81000230 d dup_local
ffffffff81000240 d dup_local
ffffffff81000300 T after_data
ffffffff81000400 R rodata_start
ffffffffc0001000 t mod_fn	[ext4]
ffffffffc0001080 t mod_fn2	[ext4]
ffffffffc0002000 d mod_data	[ext4]
ffffffffc0003000 T mod_only	[ext4]
ffffffffc0003100 d mod_end	[ext4]
`

// note returns an ELF note (little-endian, as the test machine's kernel
// writes them).
func note(name string, typ uint32, desc []byte) []byte {
	var b bytes.Buffer
	n := append([]byte(name), 0)
	binary.Write(&b, binary.NativeEndian, [3]uint32{uint32(len(n)), uint32(len(desc)), typ})
	b.Write(n)
	b.Write(make([]byte, int(align4(uint64(len(n))))-len(n)))
	b.Write(desc)
	b.Write(make([]byte, int(align4(uint64(len(desc))))-len(desc)))
	return b.Bytes()
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestKernelAddress(t *testing.T) {
	k, err := ParseKallsyms(strings.NewReader(testListing))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		want uint64 // 0: not found
	}{
		{"_text", 0xffffffff81000000},
		{"local_fn", 0xffffffff81000100},
		{"some_data", 0xffffffff81000200},
		{"dup_var", 0xffffffff81000220},   // the global one
		{"dup_local", 0xffffffff81000230}, // the first one
		{"rodata_start", 0xffffffff81000400},
		{"cpu_number", 0x1000},    // a per-CPU offset
		{"fixed_percpu_data", 0},  // address 0
		{"mod_fn", 0},             // a module's
		{"no_such_symbol", 0},     //
		{"", 0},                   //
		{"dup_va", 0},             // a prefix
		{"some_data_and_more", 0}, // longer
		{"ffffffff81000200", 0},   // an address
		{"D", 0},                  // a type
		{"[ext4]", 0},             // a module
		{"mod_data\t[ext4]", 0},   // a line's tail
		{"fixed_percpu_data ", 0}, // with a blank
		{"after_data", 0xffffffff81000300},
	} {
		got, ok := k.Address(tc.name)
		if ok != (tc.want != 0) || got != tc.want {
			t.Errorf("Address(%q) = %#x, %v; want %#x", tc.name, got, ok, tc.want)
		}
	}
	var nilKernel *Kernel
	if _, ok := nilKernel.Address("_text"); ok {
		t.Error("a nil Kernel found a symbol")
	}
}

func TestKernelMappings(t *testing.T) {
	dir := t.TempDir()
	kallsyms := filepath.Join(dir, "kallsyms")
	writeFile(t, kallsyms, []byte(testListing))
	kernelID := bytes.Repeat([]byte{0xab, 0x01}, 10)
	ext4ID := []byte{1, 2, 3, 4, 5, 6, 7, 8}
	sys := filepath.Join(dir, "sys")
	writeFile(t, filepath.Join(sys, "kernel", "notes"), append(note("Linux", 6, []byte("6.18\x00")), note("GNU", 3, kernelID)...))
	writeFile(t, filepath.Join(sys, "module", "ext4", "notes", ".note.gnu.build-id"), note("GNU", 3, ext4ID))

	ks := &KernelSymbols{Kallsyms: kallsyms, Sys: sys}
	ks.Prefetch()
	k, err := ks.Get()
	if err != nil {
		t.Fatal(err)
	}
	if k2, _ := ks.Get(); k2 != k {
		t.Error("a second Get read the symbols again")
	}
	core := &Mapping{Path: KernelMappingPath, Start: 0xffffffff81000000, Limit: 0xffffffff81000400,
		Offset: 0xffffffff81000000, BuildID: hex.EncodeToString(kernelID), RelocSymbol: "_text"}
	ext4 := &Mapping{Path: "[ext4]", Start: 0xffffffffc0001000, Limit: 0xffffffffc0003100, BuildID: hex.EncodeToString(ext4ID)}
	if got := k.Mapping(); got == nil || *got != *core {
		t.Errorf("Mapping() = %+v, want %+v", got, core)
	}
	ms := k.Mappings()
	if len(ms) != 2 || *ms[0] != *core || *ms[1] != *ext4 {
		for _, m := range ms {
			t.Logf("%+v", m)
		}
		t.Errorf("Mappings() = %d mappings, want %+v and %+v", len(ms), core, ext4)
	}
	if ms[0] != k.Mapping() {
		t.Error("Mappings()[0] is not Mapping()")
	}
	for _, tc := range []struct {
		pc   uint64
		want Frame
	}{
		{0xffffffff81000104, Frame{PC: 0xffffffff81000104, Func: "local_fn", FuncStart: 0xffffffff81000100, Module: "vmlinux", Mapping: ms[0]}},
		{0xffffffff81000000, Frame{PC: 0xffffffff81000000, Func: "_stext", FuncStart: 0xffffffff81000000, Module: "vmlinux", Mapping: ms[0]}},
		// In data inside the kernel's text range: its mapping, no function.
		{0xffffffff81000210, Frame{PC: 0xffffffff81000210, Mapping: ms[0]}},
		{0xffffffffc0001084, Frame{PC: 0xffffffffc0001084, Func: "mod_fn2", FuncStart: 0xffffffffc0001080, Module: "ext4", Mapping: ms[1]}},
		{0xffffffffc0002004, Frame{PC: 0xffffffffc0002004, Mapping: ms[1]}},
		{0xffffffff81000400, Frame{PC: 0xffffffff81000400}},
		{0x1000, Frame{PC: 0x1000}},
	} {
		if got := k.Frame(tc.pc); got != tc.want {
			t.Errorf("Frame(%#x) = %+v, want %+v", tc.pc, got, tc.want)
		}
	}
	if f := k.Frame(0xffffffff81000104); f.Offset() != 4 {
		t.Errorf("Offset() = %d, want 4", f.Offset())
	}

	// Parsed from a listing alone: no build IDs.
	k, err = ParseKallsyms(strings.NewReader(testListing))
	if err != nil {
		t.Fatal(err)
	}
	if m := k.Mapping(); m == nil || m.BuildID != "" || m.Start != core.Start {
		t.Errorf("parsed listing: Mapping() = %+v", m)
	}
	// Without _text, the kernel's mapping starts at its lowest function.
	k, err = ParseKallsyms(strings.NewReader("ffffffff81000010 T a\nffffffff81000020 T b\nffffffff81000030 D c\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := Mapping{Path: KernelMappingPath, Start: 0xffffffff81000010, Limit: 0xffffffff81000030, Offset: 0xffffffff81000010}
	if m := k.Mapping(); m == nil || *m != want {
		t.Errorf("without _text: Mapping() = %+v, want %+v", m, want)
	}
	var nilKernel *Kernel
	if nilKernel.Mapping() != nil || nilKernel.Mappings() != nil || nilKernel.Frame(1) != (Frame{PC: 1}) {
		t.Error("a nil Kernel has mappings")
	}

	ks = &KernelSymbols{Kallsyms: filepath.Join(dir, "none")}
	if _, err := ks.Get(); err == nil {
		t.Error("a missing listing read")
	}
}

func TestRunningKernelMapping(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("kallsyms shows addresses to root only")
	}
	k, err := new(KernelSymbols).Get()
	if err != nil {
		t.Fatal(err)
	}
	m := k.Mapping()
	if m == nil || m.Path != KernelMappingPath || m.RelocSymbol != "_text" || m.Start >= m.Limit || m.Offset != m.Start {
		t.Fatalf("Mapping() = %+v", m)
	}
	text, _ := k.Address("_text")
	if m.Start != text {
		t.Errorf("the kernel's mapping starts at %#x, _text is at %#x", m.Start, text)
	}
	start, _, ok := k.Func("do_syscall_64")
	if !ok {
		t.Fatal("no do_syscall_64")
	}
	if f := k.Frame(start + 4); f.Func != "do_syscall_64" || f.Mapping != m || f.Module != CoreKernel {
		t.Errorf("Frame(do_syscall_64+4) = %+v", f)
	}
	// The build ID, found here by its note's usual header (a 20-byte
	// GNU build ID) rather than by walking the notes.
	notes, err := os.ReadFile("/sys/kernel/notes")
	if err != nil {
		if m.BuildID != "" {
			t.Errorf("build ID %s without a readable notes file", m.BuildID)
		}
		t.Skip(err)
	}
	hdr := binary.NativeEndian.AppendUint32(nil, 4)
	hdr = binary.NativeEndian.AppendUint32(hdr, 20)
	hdr = binary.NativeEndian.AppendUint32(hdr, 3)
	hdr = append(hdr, "GNU\x00"...)
	i := bytes.Index(notes, hdr)
	if i < 0 || i+len(hdr)+20 > len(notes) {
		t.Skipf("no 20-byte build ID in /sys/kernel/notes")
	}
	if want := hex.EncodeToString(notes[i+len(hdr) : i+len(hdr)+20]); m.BuildID != want {
		t.Errorf("kernel build ID %q, want %q", m.BuildID, want)
	}
}

// readelfBuildID returns the build ID readelf -n shows for the file at path.
func readelfBuildID(t *testing.T, readelf, path string) string {
	t.Helper()
	out, err := exec.Command(readelf, "-n", path).Output()
	if err != nil {
		t.Fatalf("readelf -n %s: %v", path, err)
	}
	for _, line := range strings.Split(string(out), "\n") {
		if _, id, ok := strings.Cut(line, "Build ID:"); ok {
			return strings.TrimSpace(id)
		}
	}
	return ""
}

// execMaps returns the executable mappings of /proc/PID/maps by start
// address, parsed here with fmt rather than parseMapsLine.
func execMaps(t *testing.T, pid int) map[uint64]Mapping {
	t.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/maps", pid))
	if err != nil {
		t.Fatal(err)
	}
	ms := map[uint64]Mapping{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var m Mapping
		var perms, dev string
		var inode uint64
		if _, err := fmt.Sscanf(line, "%x-%x %s %x %s %d", &m.Start, &m.Limit, &perms, &m.Offset, &dev, &inode); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if perms[2] != 'x' {
			continue
		}
		if i := strings.Index(line, "/"); i >= 0 {
			m.Path = line[i:]
		} else if i := strings.Index(line, "["); i >= 0 {
			m.Path = line[i:]
		}
		ms[m.Start] = m
	}
	return ms
}

func TestProcessMappings(t *testing.T) {
	readelf := need(t, "readelf")
	dir := t.TempDir()
	path := buildC(t, dir, "mapped", "-pie", "-fPIE", "-Wl,--build-id")
	cmd, in, out := startCmd(t, exec.Command(path))
	addrs := readAddrs(t, out)
	pid := cmd.Process.Pid
	ps := NewProcesses()
	ps.Note(pid)
	ms := ps.Mappings(pid)
	want := execMaps(t, pid)
	if len(ms) != len(want) {
		t.Errorf("%d mappings, /proc/%d/maps has %d executable ones", len(ms), pid, len(want))
	}
	if len(ms) == 0 || ms[0].Path != path {
		t.Fatalf("the first mapping is not the executable's: %+v", ms)
	}
	ids := map[string]bool{}
	for i, m := range ms {
		w, ok := want[m.Start]
		if !ok || w.Limit != m.Limit || w.Offset != m.Offset || w.Path != m.Path {
			t.Errorf("mapping %+v; /proc/%d/maps has %+v", m, pid, w)
		}
		if i > 0 && m.Path == path {
			t.Errorf("mapping %d is the executable's too", i)
		}
		if i > 1 && m.Start < ms[i-1].Start && ms[i-1].Path != path {
			t.Errorf("mapping %d is out of order", i)
		}
		if m.Path != "" && m.Path[0] == '/' && !ids[m.Path] {
			ids[m.Path] = true
			if want := readelfBuildID(t, readelf, m.Path); m.BuildID != want {
				t.Errorf("%s: build ID %q, readelf says %q", m.Path, m.BuildID, want)
			}
		}
	}
	for _, lib := range []string{path, filepath.Join(dir, "libst.so")} {
		if !ids[lib] {
			t.Errorf("no mapping of %s", lib)
		}
	}
	if ms[0].BuildID == "" {
		t.Error("the executable has no build ID")
	}
	check := func(when string) {
		t.Helper()
		f := ps.Frame(pid, addrs[0]+1)
		if f.Func != "a" || f.FuncStart != addrs[0] || f.Module != "mapped" || f.Mapping != ms[0] || f.Offset() != 1 || f.PC != addrs[0]+1 {
			t.Errorf("%s: Frame(a+1) = %+v", when, f)
		}
		f = ps.Frame(pid, addrs[3])
		if f.Func != "libstatic" || f.Module != "libst.so" || f.Mapping == nil || f.Mapping.Path != filepath.Join(dir, "libst.so") {
			t.Errorf("%s: Frame(libstatic) = %+v", when, f)
		}
		if s := ps.Lookup(pid, addrs[0]+1); s != (Symbol{Module: "mapped", Name: "a", Start: addrs[0], Base: ms[0].Start}) {
			t.Errorf("%s: Lookup(a+1) = %+v", when, s)
		}
	}
	check("running")
	in.Close()
	cmd.Wait()
	check("exited")
	if got := ps.Mappings(pid); len(got) != len(ms) || got[0] != ms[0] {
		t.Errorf("exited: Mappings() = %v, want %v", got, ms)
	}
	if got := ps.Mappings(1 << 30); len(got) != 0 {
		t.Errorf("Mappings of no process: %v", got)
	}
}

// startCmd starts cmd with pipes to its standard input and output; it is
// killed and reaped when the test ends (unless the test reaps it).
func startCmd(t *testing.T, cmd *exec.Cmd) (*exec.Cmd, io.WriteCloser, *bufio.Reader) {
	t.Helper()
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return cmd, in, bufio.NewReader(out)
}

// readAddrs reads a line of hex addresses.
func readAddrs(t *testing.T, out *bufio.Reader) []uint64 {
	t.Helper()
	line, err := out.ReadString('\n')
	if err != nil {
		t.Fatalf("read addresses: %v", err)
	}
	var addrs []uint64
	for _, f := range strings.Fields(line) {
		a, err := strconv.ParseUint(strings.TrimPrefix(f, "0x"), 16, 64)
		if err != nil {
			t.Fatalf("the program printed %q", line)
		}
		addrs = append(addrs, a)
	}
	return addrs
}

// waitZombie waits until process pid has exited and is not yet reaped.
func waitZombie(t *testing.T, pid int) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			t.Fatal(err)
		}
		if i := bytes.LastIndexByte(stat, ')'); i >= 0 && i+2 < len(stat) && stat[i+2] == 'Z' {
			return
		}
	}
	t.Fatalf("process %d did not become a zombie", pid)
}

// A process exits and is not yet reaped: its map reads empty, which must
// not replace what was read while it ran (when an unknown address makes the
// map read again, every frame of it went hex).
func TestZombie(t *testing.T) {
	dir := t.TempDir()
	path := buildC(t, dir, "zombie")
	cmd, in, out := startCmd(t, exec.Command(path))
	addrs := readAddrs(t, out)
	pid := cmd.Process.Pid
	ps := NewProcesses()
	ps.Note(pid)
	in.Close()
	waitZombie(t, pid)
	// Read again as after an exec: what was known stays.
	ps.Refresh(pid)
	if s := ps.Lookup(pid, addrs[0]+1); s.Name != "a" || s.Module != "zombie" {
		t.Errorf("zombie after Refresh: Lookup(a+1) = %+v", s)
	}
	if !ps.procs[pid].gone {
		t.Error("a zombie is not gone")
	}
	// An unknown address: read again, and again what was known stays.
	ps.procs[pid].gone = false
	if f := ps.Frame(pid, 8); f != (Frame{PC: 8}) {
		t.Errorf("Frame(8) = %+v", f)
	}
	if !ps.procs[pid].gone {
		t.Error("a zombie is not gone")
	}
	if s := ps.Lookup(pid, addrs[1]+1); s.Name != "b" {
		t.Errorf("zombie: Lookup(b+1) = %+v", s)
	}
	if s := ps.Lookup(pid, addrs[3]+1); s.Name != "libstatic" {
		t.Errorf("zombie: Lookup(libstatic+1) = %+v", s)
	}
}

// startStopped starts path traced, stopped at its exec (before the dynamic
// loader has run), as dtrace -c does; cont lets it run.
func startStopped(t *testing.T, path string) (cmd *exec.Cmd, in io.WriteCloser, out *bufio.Reader, cont func()) {
	t.Helper()
	// ptrace requests come from the thread that started the tracee.
	runtime.LockOSThread()
	cmd = exec.Command(path)
	cmd.SysProcAttr = &syscall.SysProcAttr{Ptrace: true}
	cmd, in, out = startCmd(t, cmd)
	var ws syscall.WaitStatus
	if _, err := syscall.Wait4(cmd.Process.Pid, &ws, syscall.WALL, nil); err != nil || !ws.Stopped() {
		runtime.UnlockOSThread()
		t.Fatalf("%s did not stop at its exec: %v %v", path, err, ws)
	}
	return cmd, in, out, func() {
		defer runtime.UnlockOSThread()
		if err := syscall.PtraceDetach(cmd.Process.Pid); err != nil {
			t.Fatalf("continue %s: %v", path, err)
		}
	}
}

// A process is noted as soon as it has exec'd (its first event), before
// the dynamic loader has mapped its libraries; its addresses are looked up
// only after it has exited (an aggregation printed at the end). Update,
// called while it runs, reads its map again once the loader is done.
// Repeated, as the race was intermittent where the timing decided it.
func TestLoaderRace(t *testing.T) {
	dir := t.TempDir()
	path := buildC(t, dir, "early")
	for i := range 3 {
		cmd, in, out, cont := startStopped(t, path)
		pid := cmd.Process.Pid
		ps := NewProcesses()
		ps.settle = time.Hour // the test must not depend on the machine's speed
		ps.Note(pid)
		if n := ps.Update(); n != 1 {
			t.Fatalf("run %d: Update() = %d at the exec, want 1 (the libraries are not mapped yet)", i, n)
		}
		cont()
		addrs := readAddrs(t, out)
		if n := ps.Update(); n != 0 {
			t.Errorf("run %d: Update() = %d once the libraries are mapped, want 0", i, n)
		}
		in.Close()
		cmd.Wait()
		if s := ps.Lookup(pid, addrs[3]+1); s.Name != "libstatic" || s.Module != "libst.so" {
			t.Errorf("run %d: after exit: Lookup(libstatic+1) = %+v", i, s)
		}
		if s := ps.Lookup(pid, addrs[0]+1); s.Name != "a" {
			t.Errorf("run %d: after exit: Lookup(a+1) = %+v", i, s)
		}
	}
}

// An object mapped after the process was read resolves at once: an
// address in no mapping reads the map again, however recently it was read.
// An address that stays unknown does not read it again until it changes.
func TestMappedLater(t *testing.T) {
	gcc := need(t, "gcc")
	dir := t.TempDir()
	buildC(t, dir, "prog") // builds libst.so
	src, _ := filepath.Abs("testdata/dl.c")
	path := filepath.Join(dir, "dl")
	run(t, dir, gcc, "-O1", "-o", path, src, "-ldl")
	lib := filepath.Join(dir, "libst.so")
	cmd, in, out := startCmd(t, exec.Command(path, lib))
	pid := cmd.Process.Pid
	readAddrs(t, out)
	ps := NewProcesses()
	ps.refresh = time.Hour // only a change of the map may read it again
	ps.Note(pid)
	before := ps.procs[pid].read
	if ps.Frame(pid, 8) != (Frame{PC: 8}) {
		t.Fatal("address 8 resolved")
	}
	read := ps.procs[pid].read
	if !read.After(before) {
		t.Error("an unknown address did not read the map again")
	}
	ps.Frame(pid, 8)
	if ps.procs[pid].read != read {
		t.Error("the same unknown address read the unchanged map again")
	}
	if _, err := in.Write([]byte("\n")); err != nil {
		t.Fatal(err)
	}
	addrs := readAddrs(t, out)
	if s := ps.Lookup(pid, addrs[0]+1); s.Name != "libstatic" || s.Module != "libst.so" {
		t.Errorf("a library loaded after the process was read: Lookup(libstatic+1) = %+v", s)
	}
	// The mappings read before stay (the executable's first).
	if ms := ps.Mappings(pid); len(ms) == 0 || ms[0].Path != path {
		t.Errorf("Mappings() = %v", ms)
	}
}

// A process execs without being announced again (dtrace announces a
// process once per address space, and the kernel reuses those of exited
// images): an address of the new image reads the map again, which must
// replace the old image's mappings rather than add to them.
func TestUnannouncedExec(t *testing.T) {
	gcc := need(t, "gcc")
	dir := t.TempDir()
	prog := buildC(t, dir, "prog")
	src, _ := filepath.Abs("testdata/exec.c")
	path := filepath.Join(dir, "execer")
	run(t, dir, gcc, "-O1", "-o", path, src)
	cmd, in, out := startCmd(t, exec.Command(path, prog))
	pid := cmd.Process.Pid
	old := readAddrs(t, out)
	ps := NewProcesses()
	ps.Note(pid)
	if s := ps.Lookup(pid, old[0]); s.Name != "main" || s.Module != "execer" {
		t.Fatalf("before the exec: Lookup(main) = %+v", s)
	}
	if _, err := in.Write([]byte("\n")); err != nil {
		t.Fatal(err)
	}
	addrs := readAddrs(t, out)
	if s := ps.Lookup(pid, addrs[0]+1); s.Name != "a" || s.Module != "prog" {
		t.Errorf("after the exec: Lookup(a+1) = %+v", s)
	}
	for _, m := range ps.Mappings(pid) {
		if m.Path == path {
			t.Errorf("after the exec, the old image's mapping %+v stays", m)
		}
	}
	if ms := ps.Mappings(pid); len(ms) == 0 || ms[0].Path != prog {
		t.Errorf("after the exec: Mappings() = %v", ms)
	}
}
