package vm

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// runClock measures a process's time as the machine's load leaves it:
// the wall time since the clock started less the longest time one of the
// process's threads spent waiting for a CPU meanwhile (run_delay, the
// second field of /proc/PID/task/TID/schedstat). A process alone on the
// machine sees it advance as wall time; one sharing the CPUs sees it
// slowed by as much as its most delayed thread was kept off them: for an
// emulator, the thread doing the guest's work. A thread's wait only grows,
// so the longest wait read so far stands for the threads that ended
// since. Where the kernel keeps no schedstat (built without
// CONFIG_SCHED_INFO) it is wall time.
type runClock struct {
	pid    int
	start  time.Time
	base   map[string]time.Duration // each thread's wait when the clock started
	waited time.Duration            // the longest wait of a thread since
}

// newRunClock starts the clock of process pid at start, which is now or
// when the process started.
func newRunClock(pid int, start time.Time) *runClock {
	c := &runClock{pid: pid, start: start, base: map[string]time.Duration{}}
	c.read(func(tid string, d time.Duration) { c.base[tid] = d })
	return c
}

// read calls f with each thread's wait for a CPU since it started.
func (c *runClock) read(f func(tid string, d time.Duration)) {
	dir := filepath.Join("/proc", strconv.Itoa(c.pid), "task")
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		data, err := os.ReadFile(filepath.Join(dir, e.Name(), "schedstat"))
		if err != nil {
			continue
		}
		fs := strings.Fields(string(data))
		if len(fs) < 2 {
			continue
		}
		if ns, err := strconv.ParseInt(fs[1], 10, 64); err == nil {
			f(e.Name(), time.Duration(ns))
		}
	}
}

// now returns the wall time since the start, and how much of it the
// process's most delayed thread spent waiting for a CPU; the clock's time
// is their difference.
func (c *runClock) now() (wall, waited time.Duration) {
	wall = time.Since(c.start)
	c.read(func(tid string, d time.Duration) { c.waited = max(c.waited, d-c.base[tid]) })
	return wall, min(c.waited, wall)
}

// time returns the clock's time: the wall time since the start less the
// wait for a CPU.
func (c *runClock) time() time.Duration {
	wall, waited := c.now()
	return wall - waited
}
