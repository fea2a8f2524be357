package symtab

import (
	"bytes"
	"cmp"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Code that a process generates at run time (Node.js, the JVM, Python
// 3.12's -X perf) lies in anonymous memory, which no object describes.
// Such runtimes write its functions to /tmp/perf-PID.map, a line each,
// "START SIZE name" (START and SIZE in hex, the name the rest of the
// line), as perf documents it (tools/perf/Documentation/jit-interface.txt)
// and perf and bpftrace read it. Processes reads that file, in the
// process's root and with the process id its own pid namespace gives it,
// for addresses in anonymous executable memory, and names the module of
// the functions it finds there after the file's base name, as perf's
// report does ("perf-1234.map"): a frame reads
// "perf-1234.map`LazyCompile:*fib /app/fib.js:3+0x24".
//
// The file is trusted only when it is a regular file owned by the
// process's effective user or root (perf trusts its own user's or root's).
// A line that does not parse is skipped. At most PerfMapLimit bytes of it
// are read, whole lines. The file grows as the runtime compiles code: what
// was read stays, and what was appended since is read when an address of
// anonymous memory misses (at most once a second for an address that
// missed before) and when the process's map is read again. The file is
// kept open (for up to maxPerfMapFiles processes), so that what is
// appended is read even after the process has exited (its last line too,
// newline or not); a map not open (not written yet when the process was
// first read, or beyond the files kept open) is looked for again by
// Update while the process lives. When two lines name overlapping code
// (code freed and its memory reused), the later line wins.

// PerfMapLimit is the default bound on the bytes of a perf map that are
// read (Processes.PerfMapLimit).
const PerfMapLimit = 64 << 20

// maxPerfMapFiles bounds the perf maps kept open; beyond them a map is
// opened again, while its process lives, to read what was appended.
const maxPerfMapFiles = 64

// maxPerfMapWait bounds the time between Update's looks for a perf map
// not found.
const maxPerfMapWait = time.Minute

// maxPerfMapBack bounds the entries a lookup examines below an address
// for one holding it (entries overlap when code is replaced).
const maxPerfMapBack = 16

// perfMap is what is read of a process's perf map.
type perfMap struct {
	module string   // the file's base name, "perf-NSPID.map"
	f      *os.File // kept open; nil when not
	dev    uint64   // the file read (device and inode)
	ino    uint64
	off    int64     // the bytes read: the complete lines before it
	full   bool      // the limit was reached
	seq    uint32    // lines read
	syms   []jitSym  // by start, then by line
	tried  time.Time // when it was last opened or read
	// wait is how long Update waits before it looks for the file again
	// (it was not found): doubled at each miss, up to maxPerfMapWait.
	wait time.Duration
	// misses holds addresses it did not name when last read.
	misses map[uint64]struct{}
}

// jitSym is one line of a perf map: code [start, end) and its name; seq
// orders the lines.
type jitSym struct {
	start, end uint64
	seq        uint32
	name       string
}

// isAnonymous reports whether a mapping is anonymous memory, where perf
// looks up a perf map: no file ("", a named anonymous mapping "[anon:x]"),
// or, as perf counts them, /dev/zero, huge pages, a memfd.
func (m *mapping) isAnonymous() bool {
	p := m.Path
	return p == "" || strings.HasPrefix(p, "[anon:") || strings.HasPrefix(p, "/dev/zero") ||
		strings.HasPrefix(p, "/anon_hugepage") || strings.HasPrefix(p, "/memfd:")
}

// hasAnonymous reports whether p maps anonymous executable memory.
func (p *process) hasAnonymous() bool {
	return slices.ContainsFunc(p.maps, func(m mapping) bool { return m.obj == nil && m.isAnonymous() })
}

// perfMapLimit is the bound on a perf map's bytes read.
func (ps *Processes) perfMapLimit() int64 {
	if ps.PerfMapLimit > 0 {
		return ps.PerfMapLimit
	}
	return PerfMapLimit
}

// jitFunc returns the function of pid's perf map holding pc, in
// anonymous memory. A miss reads what was appended to the map since it
// was last read, unless pc missed before and the map was read less than
// a refresh interval ago.
func (ps *Processes) jitFunc(pid int, p *process, pc uint64) (jitSym, bool) {
	if s, ok := p.jit.lookup(pc); ok {
		return s, true
	}
	j := p.jit
	if j != nil {
		_, missed := j.misses[pc]
		if (missed || len(j.misses) >= maxMisses) && time.Since(j.tried) < ps.refresh {
			return jitSym{}, false
		}
	}
	ps.readPerfMap(pid, p)
	j = p.jit
	s, ok := j.lookup(pc)
	if !ok {
		if j.misses == nil {
			j.misses = map[uint64]struct{}{}
		}
		if len(j.misses) < maxMisses {
			j.misses[pc] = struct{}{}
		}
	}
	return s, ok
}

// lookup returns the latest entry of j holding pc.
func (j *perfMap) lookup(pc uint64) (jitSym, bool) {
	if j == nil {
		return jitSym{}, false
	}
	i, _ := slices.BinarySearchFunc(j.syms, pc, func(s jitSym, pc uint64) int {
		if s.start <= pc {
			return -1
		}
		return 1
	})
	var best jitSym
	found := false
	for k := i - 1; k >= 0 && k >= i-maxPerfMapBack; k-- {
		if s := j.syms[k]; pc < s.end && (!found || s.seq > best.seq) {
			best, found = s, true
		}
	}
	return best, found
}

// readPerfMap reads what was appended to pid's perf map since it was last
// read, opening it (again) when it is not open and the process lives. A
// file other than the one read before (the runtime wrote it anew) is read
// from its start.
func (ps *Processes) readPerfMap(pid int, p *process) {
	j := p.jit
	if j == nil {
		j = &perfMap{}
		p.jit = j
	}
	j.tried = time.Now()
	if j.f == nil {
		if p.gone {
			return
		}
		f, module, err := ps.openPerfMap(pid)
		if err != nil {
			j.wait = min(max(2*j.wait, ps.refresh), maxPerfMapWait)
			return
		}
		j.wait = 0
		st, err := f.Stat()
		if err != nil {
			f.Close()
			return
		}
		sys, _ := st.Sys().(*syscall.Stat_t)
		if sys == nil {
			f.Close()
			return
		}
		if module != j.module || sys.Dev != j.dev || sys.Ino != j.ino {
			*j = perfMap{module: module, dev: sys.Dev, ino: sys.Ino, tried: j.tried}
		}
		j.f = f
		ps.perfMapsOpen++
	}
	// A process gone writes no more: its map's last line is whole.
	final := p.gone
	if !final {
		_, err := os.Stat(filepath.Join(ps.proc(), strconv.Itoa(pid)))
		final = errors.Is(err, os.ErrNotExist)
	}
	ps.readMore(j, final)
	if ps.perfMapsOpen > maxPerfMapFiles {
		ps.closePerfMap(j)
	}
}

// closePerfMap closes j's file, when open.
func (ps *Processes) closePerfMap(j *perfMap) {
	if j != nil && j.f != nil {
		j.f.Close()
		j.f = nil
		ps.perfMapsOpen--
	}
}

// readMore reads the complete lines appended to j's file, up to the
// limit; final (the process is gone: nothing more will be written) reads
// a last line that has no newline too. Once the limit is reached, nothing
// more is read.
func (ps *Processes) readMore(j *perfMap, final bool) {
	st, err := j.f.Stat()
	if err != nil {
		return
	}
	size := st.Size()
	if size < j.off {
		// Truncated: written anew.
		*j = perfMap{module: j.module, f: j.f, dev: j.dev, ino: j.ino, tried: j.tried}
	}
	end := min(size, ps.perfMapLimit())
	if j.full || end <= j.off {
		j.full = j.full || end < size
		return
	}
	buf := make([]byte, end-j.off)
	n, _ := j.f.ReadAt(buf, j.off)
	buf = buf[:n]
	read := j.off + int64(n)
	j.full = end < size && read == end
	if i := bytes.LastIndexByte(buf, '\n'); !final || read < size {
		buf = buf[:i+1] // the last line is still being written
	}
	j.off += int64(len(buf))
	var add []jitSym
	for len(buf) > 0 {
		line := buf
		if i := bytes.IndexByte(buf, '\n'); i >= 0 {
			line, buf = buf[:i], buf[i+1:]
		} else {
			buf = nil
		}
		if s, ok := parsePerfMapLine(line); ok {
			j.seq++
			s.seq = j.seq
			add = append(add, s)
		}
	}
	if len(add) > 0 {
		j.syms = mergeJIT(j.syms, add)
		j.misses = nil
	}
}

// mergeJIT merges add, in the order of the lines, into syms (by start,
// then by line): add's lines come after syms'.
func mergeJIT(syms, add []jitSym) []jitSym {
	slices.SortStableFunc(add, func(a, b jitSym) int { return cmp.Compare(a.start, b.start) })
	if len(syms) == 0 {
		return add
	}
	out := make([]jitSym, 0, len(syms)+len(add))
	i, k := 0, 0
	for i < len(syms) && k < len(add) {
		if add[k].start < syms[i].start {
			out = append(out, add[k])
			k++
		} else {
			out = append(out, syms[i])
			i++
		}
	}
	out = append(out, syms[i:]...)
	return append(out, add[k:]...)
}

// parsePerfMapLine parses "START SIZE name": START and SIZE in hex (a
// "0x" prefix allowed), blanks between, the name the rest of the line.
// An empty or zero-sized entry, one that wraps around, or one without a
// name does not parse.
func parsePerfMapLine(line []byte) (jitSym, bool) {
	s := strings.TrimRight(string(line), "\r")
	var f [2]uint64
	for i := range f {
		s = strings.TrimLeft(s, " \t")
		j := strings.IndexAny(s, " \t")
		if j < 0 {
			return jitSym{}, false
		}
		v, err := strconv.ParseUint(strings.TrimPrefix(s[:j], "0x"), 16, 64)
		if err != nil {
			return jitSym{}, false
		}
		f[i], s = v, s[j:]
	}
	name := strings.TrimLeft(s, " \t")
	start, size := f[0], f[1]
	if name == "" || size == 0 || start+size < start {
		return jitSym{}, false
	}
	return jitSym{start: start, end: start + size, name: name}, true
}

// openPerfMap opens pid's perf map, /tmp/perf-NSPID.map in the process's
// root (symbolic links resolved there), NSPID its id in its own pid
// namespace, when it is a regular file owned by the process's effective
// user or root. It returns the file and its base name.
func (ps *Processes) openPerfMap(pid int) (*os.File, string, error) {
	dir := filepath.Join(ps.proc(), strconv.Itoa(pid))
	status, err := os.ReadFile(filepath.Join(dir, "status"))
	if err != nil {
		return nil, "", err
	}
	uid, nspid, ok := parseStatus(string(status))
	if !ok {
		return nil, "", errors.New("no Uid in status")
	}
	if nspid == 0 {
		nspid = pid
	}
	name := "perf-" + strconv.Itoa(nspid) + ".map"
	root, err := unix.Open(filepath.Join(dir, "root"), unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, "", err
	}
	defer unix.Close(root)
	flags := uint64(unix.O_RDONLY | unix.O_NOFOLLOW | unix.O_NONBLOCK | unix.O_CLOEXEC)
	fd, err := unix.Openat2(root, "tmp/"+name, &unix.OpenHow{Flags: flags, Resolve: unix.RESOLVE_IN_ROOT | unix.RESOLVE_NO_MAGICLINKS})
	if errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.EPERM) {
		// A kernel before 5.6, or a seccomp filter that refuses it.
		fd, err = unix.Openat(root, "tmp/"+name, int(flags), 0)
	}
	if err != nil {
		return nil, "", err
	}
	f := os.NewFile(uintptr(fd), filepath.Join(dir, "root", "tmp", name))
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		f.Close()
		return nil, "", err
	}
	if st.Mode&unix.S_IFMT != unix.S_IFREG || st.Uid != 0 && st.Uid != uid {
		f.Close()
		return nil, "", errors.New(name + ": not a regular file of the process's user or root")
	}
	return f, name, nil
}

// parseStatus returns the effective user id and the innermost pid
// namespace's process id (0 when not shown) of /proc/PID/status.
func parseStatus(status string) (uid uint32, nspid int, ok bool) {
	for _, line := range strings.Split(status, "\n") {
		key, val, _ := strings.Cut(line, ":")
		fs := strings.Fields(val)
		switch {
		case key == "Uid" && len(fs) >= 2:
			u, err := strconv.ParseUint(fs[1], 10, 32)
			if err != nil {
				return 0, 0, false
			}
			uid, ok = uint32(u), true
		case key == "NSpid" && len(fs) > 0:
			nspid, _ = strconv.Atoi(fs[len(fs)-1])
		}
	}
	return uid, nspid, ok
}
