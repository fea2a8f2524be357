package toolkit

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

func TestOpensnoop(t *testing.T) {
	t.Parallel()
	file := tempFile(t, "opensnoop-target")
	if err := os.WriteFile(file, []byte("x"), 0644); err != nil {
		t.Fatal(err)
	}
	// Only paths containing "opensnoop-" ($1).
	tl := start(t, "opensnoop.d", nil, "opensnoop-")
	pid := strconv.Itoa(run(t, "cat", file))
	tl.waitFields(pid, "cat", "3", "0", file)
	missing := file + "-missing"
	cmd := exec.Command("cat", missing)
	if cmd.Run() == nil {
		t.Fatal("cat of a missing file succeeded")
	}
	tl.waitFields(strconv.Itoa(cmd.Process.Pid), "cat", "-1", "2", missing)
	out := tl.stop()
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) == 6 && f[0] != "TIME(s)" && !strings.Contains(f[5], "opensnoop-") {
			t.Errorf("a path without opensnoop- in it: %q", l)
		}
	}
	// cat opened both files here, one of them failed: 2 and 1.
	for _, l := range after(t, out, "OPENS") {
		if f := strings.Fields(l); len(f) == 3 && f[0] == "cat" {
			if f[1] != "2" || f[2] != "1" {
				t.Errorf("cat's opens and failures: %q, want 2 1", l)
			}
			return
		}
	}
	t.Errorf("no line for cat in the summary:\n%s", out)
}

func TestStatsnoop(t *testing.T) {
	t.Parallel()
	file := tempFile(t, "statsnoop-target")
	if err := os.WriteFile(file, nil, 0644); err != nil {
		t.Fatal(err)
	}
	tl := startNoWait(t, "statsnoop.d", nil, "-p", strconv.Itoa(os.Getpid()))
	tl.waitRE(`PATH`)
	// Go's os.Stat is fstatat(2), os.Lstat too (AT_SYMLINK_NOFOLLOW).
	if _, err := os.Stat(file); err != nil {
		t.Fatal(err)
	}
	me := strconv.Itoa(os.Getpid())
	tl.waitFields(me, "newfstatat", "0", file)
	os.Lstat(file + "-missing")
	tl.waitFields(me, "newfstatat", "-1", "2", file+"-missing")
	out := tl.stop()
	var ok, failed bool
	for _, l := range after(t, out, "RESULT") {
		f := strings.Fields(l)
		if len(f) == 3 && atoi(t, f[2]) >= 1 {
			ok = ok || f[1] == "ok"
			failed = failed || f[1] == "failed"
		}
	}
	if !ok || !failed {
		t.Errorf("the summary lacks a success and a failure:\n%s", out)
	}
}

func TestSyncsnoop(t *testing.T) {
	t.Parallel()
	file := tempFile(t, "syncsnoop-target")
	tl := start(t, "syncsnoop.d", nil)
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	f.Write([]byte("data"))
	if err := f.Sync(); err != nil { // fsync(2)
		t.Fatal(err)
	}
	syscall.Fdatasync(int(f.Fd()))
	me := strconv.Itoa(os.Getpid())
	tl.waitFields(me, "fsync", "0", "syncsnoop-target")
	tl.waitFields(me, "fdatasync", "0", "syncsnoop-target")
	pid := strconv.Itoa(run(t, "sync"))
	tl.waitFields(pid, "sync", "0", "-")
	out := tl.stop()
	for _, l := range after(t, out, "TOTAL(us)") {
		if f := strings.Fields(l); len(f) == 4 && f[1] == "fsync" && f[0] == comm(t) {
			if atoi(t, f[2]) < 1 {
				t.Errorf("fsync calls: %q", l)
			}
			return
		}
	}
	t.Errorf("no fsync of %s in the summary:\n%s", comm(t), out)
}

func TestWritesync(t *testing.T) {
	t.Parallel()
	syncFile := tempFile(t, "writesync-sync")
	plainFile := filepath.Join(filepath.Dir(syncFile), "writesync-plain")
	tl := start(t, "writesync.d", nil, "-p", strconv.Itoa(os.Getpid()))
	f, err := os.OpenFile(syncFile, os.O_CREATE|os.O_WRONLY|os.O_SYNC, 0644)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 5; i++ {
		f.Write(make([]byte, 100))
	}
	f.Close()
	g, err := os.OpenFile(plainFile, os.O_CREATE|os.O_WRONLY, 0644)
	if err != nil {
		t.Fatal(err)
	}
	g.Write(make([]byte, 3000))
	g.Close()
	out := tl.stop()
	want := map[string][]string{
		"writesync-sync":  {"O_SYNC", "5", "500"},
		"writesync-plain": {"-", "1", "3000"},
	}
	for _, l := range after(t, out, "BYTES") {
		f := strings.Fields(l)
		if len(f) == 5 && want[f[1]] != nil {
			if strings.Join(f[2:], " ") != strings.Join(want[f[1]], " ") {
				t.Errorf("%s: %q, want %q", f[1], f[2:], want[f[1]])
			}
			delete(want, f[1])
		}
	}
	if len(want) > 0 {
		t.Errorf("no line for %v:\n%s", want, out)
	}
}

func TestFilelife(t *testing.T) {
	t.Parallel()
	file := tempFile(t, "filelife-target")
	// A file that existed before the tool started: opening it with
	// O_CREAT (and O_TRUNC) does not create it, so deleting it is not
	// shown.
	old := file + "-old"
	if err := os.WriteFile(old, nil, 0644); err != nil {
		t.Fatal(err)
	}
	tl := start(t, "filelife.d", nil)
	os.WriteFile(old, []byte("again"), 0644)
	run(t, "rm", old)
	if err := os.WriteFile(file, []byte("short-lived"), 0644); err != nil {
		t.Fatal(err)
	}
	pid := strconv.Itoa(run(t, "rm", file))
	f := tl.waitFields(pid, "rm", file)
	if f[4] != comm(t) {
		t.Errorf("CREATOR %q, want %q", f[4], comm(t))
	}
	out := tl.stop()
	if strings.Contains(out, old) {
		t.Errorf("a file that was not created while tracing is shown:\n%s", out)
	}
}

func TestErrinfo(t *testing.T) {
	t.Parallel()
	tl := start(t, "errinfo.d", nil)
	missing := tempFile(t, "errinfo-missing")
	cmd := exec.Command("cat", missing)
	if cmd.Run() == nil {
		t.Fatal("cat of a missing file succeeded")
	}
	pid := strconv.Itoa(cmd.Process.Pid)
	tl.waitFields(pid, "cat", "openat", "2", "ENOENT")
	// An errno the tool has no name for (ENOTBLK: mounting a plain
	// file) shows as "?", with no description, and no fault.
	file := tempFile(t, "errinfo-plain")
	if err := os.WriteFile(file, nil, 0644); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mount(file, filepath.Dir(file), "ext4", 0, ""); err != syscall.ENOTBLK {
		t.Fatalf("mount of a plain file: %v, want ENOTBLK", err)
	}
	tl.waitFields(strconv.Itoa(os.Getpid()), "mount", "15", "?")
	out := tl.stop()
	for _, l := range after(t, out, "COUNT") {
		if f := strings.Fields(l); len(f) == 4 && f[0] == "cat" && f[1] == "openat" && f[2] == "ENOENT" {
			return
		}
	}
	t.Errorf("no cat openat ENOENT in the summary:\n%s", out)
}

func TestMountsnoop(t *testing.T) {
	t.Parallel()
	dir := filepath.Dir(tempFile(t, "x"))
	tl := start(t, "mountsnoop.d", nil)
	pid := strconv.Itoa(run(t, "mount", "-t", "tmpfs", "-o", "size=1m", "dtrace-toolkit-fs", dir))
	tl.waitFields(pid, "mount", "0", "dtrace-toolkit-fs", "on", dir, "type", "tmpfs")
	pid = strconv.Itoa(run(t, "umount", dir))
	tl.waitFields(pid, "umount", "umount2", "0", dir)
	tl.stop()
}

func TestRwsnoop(t *testing.T) {
	t.Parallel()
	file := tempFile(t, "rwsnoop-target")
	if err := os.WriteFile(file, make([]byte, 5000), 0644); err != nil {
		t.Fatal(err)
	}
	tl := start(t, "rwsnoop.d", nil)
	cmd := exec.Command("cat", file)
	var sink strings.Builder
	cmd.Stdout = &sink
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	pid := strconv.Itoa(cmd.Process.Pid)
	tl.waitFields(pid, "cat", "R", "5000", "rwsnoop-target")
	tl.waitFields(pid, "cat", "W", "5000", "<pipe>")
	tl.stop()
}
