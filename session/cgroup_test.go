package session

import (
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// cgroup_path()'s ids are found by walking the hierarchy, once, then again
// for an id not known yet at most once a second; an id found nowhere is
// shown as its number. Directories stand for cgroups here: an id is a
// directory's inode number, as a cgroup's is in cgroupfs.
func TestCgroupPaths(t *testing.T) {
	root := t.TempDir()
	ino := func(p string) uint64 {
		var st syscall.Stat_t
		if err := syscall.Stat(p, &st); err != nil {
			t.Fatal(err)
		}
		return st.Ino
	}
	a := filepath.Join(root, "system.slice", "cron.service")
	if err := os.MkdirAll(a, 0o755); err != nil {
		t.Fatal(err)
	}
	now := time.Unix(1000, 0)
	c := newCgroupPaths(root)
	c.now = func() time.Time { return now }
	if got := c.path(ino(a)); got != "/system.slice/cron.service" {
		t.Errorf("path = %q", got)
	}
	if got := c.path(ino(root)); got != "/" {
		t.Errorf("the root: %q", got)
	}
	b := filepath.Join(root, "new.scope")
	if err := os.Mkdir(b, 0o755); err != nil {
		t.Fatal(err)
	}
	id := ino(b)
	if got := c.path(id); got != strconv.FormatUint(id, 10) {
		t.Errorf("a cgroup made since the walk, found before a second passed: %q", got)
	}
	now = now.Add(time.Second)
	if got := c.path(id); got != "/new.scope" {
		t.Errorf("a second later: %q", got)
	}
}

// The v2 hierarchy is found in the mount table: at /sys/fs/cgroup where
// it is mounted there, else where it is (a hybrid layout's unified).
func TestCgroup2Mount(t *testing.T) {
	for _, c := range []struct{ table, want string }{
		{"31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw\n41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n", "/sys/fs/cgroup/unified"},
		{"30 23 0:27 / /mnt/x\\040y rw - cgroup2 cgroup2 rw\n31 23 0:26 / /sys/fs/cgroup rw,nosuid shared:9 - cgroup2 cgroup2 rw,nsdelegate\n", "/sys/fs/cgroup"},
		{"31 23 0:28 / /sys/fs/cgroup rw - tmpfs tmpfs rw\n", ""},
		{"30 23 0:27 / /mnt/x\\040y rw - cgroup2 cgroup2 rw\n", "/mnt/x y"},
	} {
		p := filepath.Join(t.TempDir(), "mountinfo")
		if err := os.WriteFile(p, []byte(c.table), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := cgroup2Mount(p); got != c.want {
			t.Errorf("%q: %q, want %q", c.table, got, c.want)
		}
	}
}
