package session

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Cgroup paths.
//
// The cgroup builtin is the current thread's cgroup v2 id
// (bpf_get_current_cgroup_id): the inode number of the cgroup's directory
// in cgroupfs. cgroup_path(id) is recorded as the id and shown as the
// cgroup's path from the root of the v2 hierarchy, as /proc/PID/cgroup
// gives it ("/system.slice/cron.service"): the consumer finds it by
// walking the hierarchy where it is mounted and reading each directory's
// inode number, and keeps what it found for the whole run. An id it does
// not know makes it walk the hierarchy again, at most once a second; one
// it cannot find (a cgroup removed before it was read, or outside the
// hierarchy this process sees) is shown as its number.

// cgroupRescan is the least time between two walks of the hierarchy.
const cgroupRescan = time.Second

// cgroupPaths resolves cgroup ids to paths.
type cgroupPaths struct {
	root  string // where the v2 hierarchy is mounted; "" until found
	paths map[uint64]string
	// walked is when the hierarchy was last walked; zero before the first
	// walk.
	walked time.Time
	// now is the clock (tests replace it).
	now func() time.Time
}

func newCgroupPaths(root string) *cgroupPaths {
	return &cgroupPaths{root: root, paths: map[uint64]string{}, now: time.Now}
}

// path returns the path of the cgroup of id, or its number when it
// cannot be found.
func (c *cgroupPaths) path(id uint64) string {
	if p, ok := c.paths[id]; ok {
		return p
	}
	if c.walked.IsZero() || c.now().Sub(c.walked) >= cgroupRescan {
		c.walk()
		if p, ok := c.paths[id]; ok {
			return p
		}
	}
	return strconv.FormatUint(id, 10)
}

// walk records the id of every cgroup of the hierarchy.
func (c *cgroupPaths) walk() {
	c.walked = c.now()
	if c.root == "" {
		c.root = cgroup2Mount("/proc/self/mountinfo")
	}
	if c.root == "" {
		return
	}
	filepath.WalkDir(c.root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return nil
		}
		st, ok := info.Sys().(*syscall.Stat_t)
		if !ok {
			return nil
		}
		rel, err := filepath.Rel(c.root, p)
		if err != nil {
			return nil
		}
		if rel == "." {
			rel = ""
		}
		c.paths[st.Ino] = "/" + rel
		return nil
	})
}

// cgroup2Mount returns where the cgroup v2 hierarchy is mounted, as the
// mount table at mountinfo lists it: /sys/fs/cgroup when it is one of
// its mount points, else the first; "" when none is.
func cgroup2Mount(mountinfo string) string {
	f, err := os.Open(mountinfo)
	if err != nil {
		return ""
	}
	defer f.Close()
	first := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS [OPTIONAL...] - FSTYPE SOURCE SUPER
		fields := strings.Fields(sc.Text())
		sep := -1
		for i, fl := range fields {
			if fl == "-" {
				sep = i
				break
			}
		}
		if sep < 5 || sep+1 >= len(fields) || fields[sep+1] != "cgroup2" {
			continue
		}
		mp := unescapeMount(fields[4])
		if mp == "/sys/fs/cgroup" {
			return mp
		}
		if first == "" {
			first = mp
		}
	}
	return first
}

// unescapeMount undoes the octal escapes (\040 for a blank) of a mount
// table's field.
func unescapeMount(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) {
			if n, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(n))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
