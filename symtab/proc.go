package symtab

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Processes resolves user addresses of processes. It reads a process's
// memory map (/proc/PID/maps) when first asked about the process (or told
// of it by Note), opens the objects mapped there at once, and keeps both,
// so that addresses of a process that has since exited still resolve. The
// objects are shared between processes: they are cached by build ID (by
// device, inode and path when they have none).
//
// A Processes is not safe for concurrent use.
type Processes struct {
	// Proc is the proc file system's mount point ("/proc" when empty).
	Proc string
	// DebugDir is where separate debug files are found (DebugDir when
	// empty).
	DebugDir string

	procs   map[int]*process
	objs    map[string]*Object // by build ID
	byFile  map[fileKey]*Object
	failed  map[fileKey]bool
	refresh time.Duration
}

// fileKey identifies a mapped file as /proc/PID/maps shows it.
type fileKey struct {
	dev   string
	inode uint64
	path  string
}

// process is what is known of one process.
type process struct {
	maps []mapping
	read time.Time // when maps was read
	gone bool      // its /proc entry could not be read
}

// mapping is one executable mapping of a process.
type mapping struct {
	start, end, off uint64
	module          string // the base name of the mapped file
	obj             *Object
}

// NewProcesses returns an empty Processes.
func NewProcesses() *Processes {
	return &Processes{
		procs:   map[int]*process{},
		objs:    map[string]*Object{},
		byFile:  map[fileKey]*Object{},
		failed:  map[fileKey]bool{},
		refresh: time.Second,
	}
}

func (ps *Processes) proc() string {
	if ps.Proc != "" {
		return ps.Proc
	}
	return "/proc"
}

// Note reads pid's memory map and opens its objects, unless that is done
// already: what a caller does as soon as it learns of a process whose
// addresses it will resolve later.
func (ps *Processes) Note(pid int) {
	if _, ok := ps.procs[pid]; !ok {
		ps.read(pid)
	}
}

// Refresh reads pid's memory map again (after an exec, or for a new
// process with the same id), keeping what was known if it cannot.
func (ps *Processes) Refresh(pid int) { ps.read(pid) }

// Lookup resolves the user address pc of process pid. An address in no
// mapping known to pid makes Lookup read the map again (at most once a
// second per process), for objects loaded since.
func (ps *Processes) Lookup(pid int, pc uint64) Symbol {
	p, ok := ps.procs[pid]
	if !ok {
		p = ps.read(pid)
	}
	m := p.find(pc)
	if m == nil && !p.gone && time.Since(p.read) >= ps.refresh {
		p = ps.read(pid)
		m = p.find(pc)
	}
	if m == nil {
		return Symbol{}
	}
	s := Symbol{Module: m.module, Base: m.start}
	if m.obj == nil {
		return s
	}
	addr, ok := m.obj.linkAddr(pc - m.start + m.off)
	if !ok {
		return s
	}
	name, start, ok := m.obj.Lookup(addr)
	if !ok {
		return s
	}
	s.Name, s.Start = name, pc-(addr-start)
	return s
}

// find returns the mapping holding pc, or nil.
func (p *process) find(pc uint64) *mapping {
	i := sort.Search(len(p.maps), func(i int) bool { return p.maps[i].end > pc })
	if i < len(p.maps) && p.maps[i].start <= pc {
		return &p.maps[i]
	}
	return nil
}

// read (re)reads pid's memory map, keeping the old one if the process is
// gone.
func (ps *Processes) read(pid int) *process {
	old := ps.procs[pid]
	p := &process{read: time.Now()}
	maps, err := ps.readMaps(pid)
	if err != nil {
		if old != nil {
			old.gone, old.read = true, p.read
			return old
		}
		p.gone = true
	}
	p.maps = maps
	ps.procs[pid] = p
	return p
}

// readMaps parses /proc/PID/maps, keeping the executable mappings of
// files, and opens their objects.
func (ps *Processes) readMaps(pid int) ([]mapping, error) {
	dir := filepath.Join(ps.proc(), strconv.Itoa(pid))
	data, err := os.ReadFile(filepath.Join(dir, "maps"))
	if err != nil {
		return nil, fmt.Errorf("read memory map of process %d: %w", pid, err)
	}
	var ms []mapping
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		m, key, ok := parseMapsLine(sc.Text())
		if !ok {
			continue
		}
		if key.path != "" && key.path[0] == '/' {
			m.obj = ps.object(dir, key, m.start, m.end)
		}
		ms = append(ms, m)
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].start < ms[j].start })
	return ms, nil
}

// parseMapsLine parses "start-end perms offset dev inode path" and
// reports whether it is an executable mapping.
func parseMapsLine(line string) (mapping, fileKey, bool) {
	f := strings.Fields(line)
	if len(f) < 5 || len(f[1]) < 3 || f[1][2] != 'x' {
		return mapping{}, fileKey{}, false
	}
	lo, hi, ok := strings.Cut(f[0], "-")
	if !ok {
		return mapping{}, fileKey{}, false
	}
	start, err1 := strconv.ParseUint(lo, 16, 64)
	end, err2 := strconv.ParseUint(hi, 16, 64)
	off, err3 := strconv.ParseUint(f[2], 16, 64)
	inode, err4 := strconv.ParseUint(f[4], 10, 64)
	if err1 != nil || err2 != nil || err3 != nil || err4 != nil || end <= start {
		return mapping{}, fileKey{}, false
	}
	path := ""
	if len(f) > 5 {
		// The path is the rest of the line (it may hold blanks).
		i := strings.Index(line, f[5])
		path = strings.TrimSuffix(line[i:], " (deleted)")
	}
	m := mapping{start: start, end: end, off: off}
	if path != "" && path[0] == '/' {
		m.module = filepath.Base(path)
	}
	return m, fileKey{dev: f[3], inode: inode, path: path}, true
}

// object returns the object mapped from key, opening it through the
// process's map_files entry (which works for deleted files and other mount
// namespaces), else through its root, else by its path.
func (ps *Processes) object(dir string, key fileKey, start, end uint64) *Object {
	if o, ok := ps.byFile[key]; ok {
		return o
	}
	if ps.failed[key] {
		return nil
	}
	debugDir := ps.DebugDir
	if debugDir == "" {
		debugDir = DebugDir
	}
	cached := func(id string) *Object { return ps.objs[id] }
	var o *Object
	for _, p := range []string{
		filepath.Join(dir, "map_files", strconv.FormatUint(start, 16)+"-"+strconv.FormatUint(end, 16)),
		filepath.Join(dir, "root", key.path),
		key.path,
	} {
		var err error
		if o, err = openObject(p, key.path, debugDir, cached); err == nil {
			break
		}
	}
	if o == nil {
		ps.failed[key] = true
		return nil
	}
	if o.BuildID != "" && ps.objs[o.BuildID] == nil {
		ps.objs[o.BuildID] = o
	}
	ps.byFile[key] = o
	return o
}
