package symtab

import (
	"cmp"
	"hash/maphash"
	"os"
	"path/filepath"
	"slices"
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
// An address in no mapping known to a live process makes it read the map
// again (see Frame); a map that cannot be read, or reads empty (a zombie, a
// process whose address space is being torn down, a kernel thread), leaves
// what was known of the process in place.
//
// Addresses in anonymous executable memory (code generated at run time)
// resolve from the process's perf map, /tmp/perf-PID.map, when it writes
// one (see perfmap.go): their module is the file's base name,
// "perf-PID.map".
//
// A Processes is not safe for concurrent use.
type Processes struct {
	// Proc is the proc file system's mount point ("/proc" when empty).
	Proc string
	// DebugDir is where separate debug files are found (DebugDir when
	// empty).
	DebugDir string
	// PerfMapLimit bounds the bytes read of a process's perf map
	// (PerfMapLimit when 0).
	PerfMapLimit int64

	procs   map[int]*process
	pending map[int]bool       // processes whose map looked incomplete
	watched map[int]bool       // processes Watch names
	jitWait map[int]bool       // processes whose perf map is not open
	objs    map[string]*Object // by build ID
	byFile  map[fileKey]*Object
	failed  map[fileKey]bool
	refresh time.Duration // see Frame
	settle  time.Duration // see Update
	seed    maphash.Seed
	// perfMapsOpen counts the perf maps held open.
	perfMapsOpen int
}

// fileKey identifies a mapped file as /proc/PID/maps shows it.
type fileKey struct {
	dev   string
	inode uint64
	path  string
}

// process is what is known of one process.
type process struct {
	maps []mapping // its executable mappings, by address
	exe  string    // its executable's path, "" when unknown
	sum  uint64    // a hash of the map as last read, to tell a change
	read time.Time // when the map was last read
	// first is when the map of its current image was first read.
	first time.Time
	gone  bool // its map could not be read, or read empty
	// incomplete: when last read, the map lacked the executable or a
	// library that a mapped object needs (exec or the dynamic loader was
	// still at work).
	incomplete bool
	// misses holds addresses in no mapping that did not make the map
	// read again (it had not changed); emptied when it changes.
	misses map[uint64]struct{}
	// jit is what was read of its perf map; nil when it was not looked
	// for (no anonymous executable memory).
	jit *perfMap
}

// mapping is one executable mapping of a process.
type mapping struct {
	*Mapping         // shared with callers
	key      fileKey // the file mapped
	module   string  // the base name of the mapped file
	obj      *Object
}

// maxMisses bounds the addresses in no mapping that each make a process's
// map read again while it has not changed; beyond them, it is read again
// at most once per refresh interval.
const maxMisses = 256

// NewProcesses returns an empty Processes.
func NewProcesses() *Processes {
	return &Processes{
		procs:   map[int]*process{},
		pending: map[int]bool{},
		watched: map[int]bool{},
		jitWait: map[int]bool{},
		objs:    map[string]*Object{},
		byFile:  map[fileKey]*Object{},
		failed:  map[fileKey]bool{},
		refresh: time.Second,
		settle:  time.Second,
		seed:    maphash.MakeSeed(),
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
		ps.read(pid, false)
	}
}

// Refresh reads pid's memory map again (after an exec, or for a new
// process with the same id), replacing what was known of it, unless it
// cannot be read or reads empty: then what was known stays.
func (ps *Processes) Refresh(pid int) { ps.read(pid, false) }

// Watch has pid's memory map read (as Note does) and read again by every
// Update, at most once a second, while the process lives, with its perf
// map: what a caller does for the processes it was asked to trace, whose
// addresses it resolves when they have exited (the objects they map
// later, the code they generate after they were first read).
func (ps *Processes) Watch(pid int) {
	ps.Note(pid)
	ps.watched[pid] = true
}

// maxPerfMapPolls bounds the perf maps Update looks for at each call.
const maxPerfMapPolls = 32

// Update reads again the memory maps of the live processes whose map
// looked incomplete when last read (read while exec or the dynamic loader
// was still mapping the process's objects: its executable, or a library
// that an object it maps needs, was not mapped yet), up to a second after
// their map was first read. It returns how many still look incomplete. A
// caller that learns of processes early in their lives (when their first
// event is traced) calls it whenever it wakes, so that their addresses
// resolve even when they are looked up only after the processes exit.
// When no process looks incomplete, it costs nothing.
//
// Update also reads the maps of the processes Watch names, at most once a
// second each, and looks for the perf maps of the live processes that map
// anonymous executable memory and whose perf map is not open (not written
// yet), each at most once a second (less often as it stays missing), a
// bounded number of them per call.
func (ps *Processes) Update() int {
	for pid := range ps.pending {
		p := ps.procs[pid]
		if p == nil || p.gone || !p.incomplete || time.Since(p.first) > ps.settle {
			delete(ps.pending, pid)
			continue
		}
		ps.read(pid, true)
	}
	for pid := range ps.watched {
		p := ps.procs[pid]
		if p == nil || p.gone {
			delete(ps.watched, pid)
			continue
		}
		if time.Since(p.read) >= ps.refresh {
			ps.read(pid, true)
		}
	}
	polls := 0
	for pid := range ps.jitWait {
		p := ps.procs[pid]
		if p == nil || p.gone || p.jit != nil && p.jit.f != nil {
			delete(ps.jitWait, pid)
			continue
		}
		if polls < maxPerfMapPolls && (p.jit == nil || time.Since(p.jit.tried) >= max(ps.refresh, p.jit.wait)) {
			polls++
			ps.readPerfMap(pid, p)
		}
	}
	return len(ps.pending)
}

// Lookup resolves the user address pc of process pid, as Frame does. The
// Base of a function of a perf map is 0: the code it names is spread over
// the process's anonymous memory.
func (ps *Processes) Lookup(pid int, pc uint64) Symbol {
	f, jit := ps.frame(pid, pc)
	s := Symbol{Module: f.Module, Name: f.Func, Start: f.FuncStart}
	if f.Mapping != nil && !jit {
		s.Base = f.Mapping.Start
	}
	return s
}

// Frame resolves the user address pc of process pid. A pid not seen
// before has its memory map read now. An address in no mapping known to a
// live process makes Frame read the map again, for objects mapped since:
// the mappings read before stay known, but for those the new map overlaps,
// or all of them when the process has exec'd since (its executable or
// vDSO is mapped elsewhere). An address that stays in none reads the map
// again only after it has changed or a second has passed.
//
// An address in anonymous executable memory resolves from the process's
// perf map (its Mapping the anonymous mapping, its Module the map's base
// name, "perf-PID.map"), else has no module.
func (ps *Processes) Frame(pid int, pc uint64) Frame {
	f, _ := ps.frame(pid, pc)
	return f
}

// frame is Frame, and reports whether the function is a perf map's.
func (ps *Processes) frame(pid int, pc uint64) (Frame, bool) {
	f := Frame{PC: pc}
	p, m := ps.mappingOf(pid, pc)
	if m == nil {
		return f, false
	}
	f.Module, f.Mapping = m.module, m.Mapping
	if m.obj == nil {
		if m.isAnonymous() {
			if s, ok := ps.jitFunc(pid, p, pc); ok {
				f.Module, f.Func, f.FuncStart = p.jit.module, s.name, s.start
				return f, true
			}
		}
		return f, false
	}
	addr, ok := m.obj.linkAddr(pc - m.Start + m.Offset)
	if !ok {
		return f, false
	}
	name, start, ok := m.obj.Lookup(addr)
	if !ok {
		return f, false
	}
	f.Func, f.FuncStart = name, pc-(addr-start)
	return f, false
}

// Mappings returns the executable mappings known of process pid (its
// memory map is read now if pid was not seen before): those of its
// executable first, then the others by address; none for a process that
// could not be read. The slice is the caller's; the mappings are the ones
// Frame returns and must not be modified.
func (ps *Processes) Mappings(pid int) []*Mapping {
	p, ok := ps.procs[pid]
	if !ok {
		p = ps.read(pid, false)
	}
	out := make([]*Mapping, 0, len(p.maps))
	for _, m := range p.maps {
		if p.exe != "" && m.Path == p.exe {
			out = append(out, m.Mapping)
		}
	}
	for _, m := range p.maps {
		if p.exe == "" || m.Path != p.exe {
			out = append(out, m.Mapping)
		}
	}
	return out
}

// mappingOf returns the mapping of pid holding pc, and the process,
// reading pid's map when Frame says to.
func (ps *Processes) mappingOf(pid int, pc uint64) (*process, *mapping) {
	p, ok := ps.procs[pid]
	if !ok {
		p = ps.read(pid, false)
	}
	if m := p.find(pc); m != nil || p.gone {
		return p, m
	}
	_, missed := p.misses[pc]
	if (missed || len(p.misses) >= maxMisses) && time.Since(p.read) < ps.refresh {
		return p, nil
	}
	p = ps.read(pid, true)
	m := p.find(pc)
	if m == nil && !p.gone {
		if p.misses == nil {
			p.misses = map[uint64]struct{}{}
		}
		if len(p.misses) < maxMisses {
			p.misses[pc] = struct{}{}
		}
	}
	return p, m
}

// find returns the mapping holding pc, or nil.
func (p *process) find(pc uint64) *mapping {
	i, _ := slices.BinarySearchFunc(p.maps, pc, func(m mapping, pc uint64) int {
		if m.Limit <= pc {
			return -1
		}
		return 1
	})
	if i < len(p.maps) && p.maps[i].Start <= pc {
		return &p.maps[i]
	}
	return nil
}

// read (re)reads pid's memory map. When it cannot be read or reads empty,
// what was known stays and the process is marked gone. When keep is set,
// the mappings known before that the new map does not overlap stay too,
// unless the process has since exec'd (its image differs).
func (ps *Processes) read(pid int, keep bool) *process {
	old := ps.procs[pid]
	now := time.Now()
	dir := filepath.Join(ps.proc(), strconv.Itoa(pid))
	data, err := os.ReadFile(filepath.Join(dir, "maps"))
	if err != nil || len(data) == 0 {
		if old == nil {
			old = &process{first: now}
			ps.procs[pid] = old
		}
		old.gone, old.read = true, now
		delete(ps.pending, pid)
		return old
	}
	sum := maphash.Bytes(ps.seed, data)
	if old != nil && old.sum == sum {
		old.gone, old.read = false, now
		if !keep {
			old.first = now
		}
		ps.track(pid, old)
		return old
	}
	p := &process{sum: sum, read: now, first: now}
	if exe, err := os.Readlink(filepath.Join(dir, "exe")); err == nil {
		p.exe = strings.TrimSuffix(exe, " (deleted)")
	}
	var prev []mapping
	if old != nil {
		prev = old.maps
	}
	p.maps = ps.parseMaps(dir, string(data), prev)
	if keep && old != nil && p.image() == old.image() {
		p.maps = mergeMaps(p.maps, old.maps)
		if p.exe == "" {
			p.exe = old.exe
		}
		p.first = old.first
	}
	p.incomplete = !p.complete()
	if old != nil && old.jit != nil {
		if p.image() == old.image() {
			p.jit = old.jit
		} else {
			ps.closePerfMap(old.jit)
		}
	}
	ps.procs[pid] = p
	ps.track(pid, p)
	ps.lookForPerfMap(pid, p)
	return p
}

// lookForPerfMap reads the perf map of live process p when it maps
// anonymous executable memory: the lines appended when the map is open,
// else the whole map, unless it was looked for less than a refresh
// interval ago. Update looks for a map not found again later.
func (ps *Processes) lookForPerfMap(pid int, p *process) {
	if p.gone || !p.hasAnonymous() {
		return
	}
	if j := p.jit; j == nil || j.f != nil || time.Since(j.tried) >= ps.refresh {
		ps.readPerfMap(pid, p)
	}
	if p.jit.f == nil {
		ps.jitWait[pid] = true
	}
}

// imageKey tells the images a process runs apart: an exec maps its
// executable and its vDSO anew, at addresses chosen afresh.
type imageKey struct {
	exe       string
	exeStart  uint64
	vdsoStart uint64
}

// image returns p's image key.
func (p *process) image() imageKey {
	k := imageKey{exe: p.exe}
	for _, m := range p.maps {
		switch {
		case m.Path == p.exe && k.exeStart == 0:
			k.exeStart = m.Start
		case m.Path == "[vdso]":
			k.vdsoStart = m.Start
		}
	}
	return k
}

// track adds pid to the processes Update reads again when its map looks
// incomplete, and removes it when not.
func (ps *Processes) track(pid int, p *process) {
	if p.incomplete && !p.gone {
		ps.pending[pid] = true
	} else {
		delete(ps.pending, pid)
	}
}

// complete reports whether p's map holds its executable and every library
// that the objects it maps need (by their DT_NEEDED names, matched to the
// mapped objects' DT_SONAME or file name).
func (p *process) complete() bool {
	have := map[string]bool{}
	exe := p.exe == ""
	for _, m := range p.maps {
		if m.Path == p.exe {
			exe = true
		}
		if m.module != "" {
			have[m.module] = true
		}
		if m.obj != nil && m.obj.soname != "" {
			have[m.obj.soname] = true
		}
	}
	if !exe {
		return false
	}
	for _, m := range p.maps {
		if m.obj == nil {
			continue
		}
		for _, n := range m.obj.needed {
			if !have[filepath.Base(n)] {
				return false
			}
		}
	}
	return true
}

// parseMaps parses the memory map data of the process whose /proc
// directory is dir, keeping the executable mappings, and opens their
// objects. A mapping that prev holds unchanged is reused (the same
// *Mapping).
func (ps *Processes) parseMaps(dir, data string, prev []mapping) []mapping {
	old := &process{maps: prev}
	var ms []mapping
	for len(data) > 0 {
		line := data
		if i := strings.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = ""
		}
		m, key, ok := parseMapsLine(line)
		if !ok {
			continue
		}
		if o := old.find(m.Start); o != nil && o.key == key && o.Start == m.Start && o.Limit == m.Limit && o.Offset == m.Offset {
			ms = append(ms, *o)
			continue
		}
		// Copies, so that the map's text can go.
		key.path, key.dev = strings.Clone(key.path), strings.Clone(key.dev)
		m.key, m.Path = key, key.path
		if m.module != "" {
			m.module = filepath.Base(m.Path)
		}
		if key.path != "" && key.path[0] == '/' {
			if m.obj = ps.object(dir, key, m.Start, m.Limit); m.obj != nil {
				m.BuildID = m.obj.BuildID
			}
		}
		ms = append(ms, m)
	}
	slices.SortFunc(ms, func(a, b mapping) int { return cmp.Compare(a.Start, b.Start) })
	return ms
}

// mergeMaps returns the mappings cur and those of old that overlap none of
// cur's, by address. cur is sorted.
func mergeMaps(cur, old []mapping) []mapping {
	c := &process{maps: cur}
	out := cur
	for _, o := range old {
		i, _ := slices.BinarySearchFunc(c.maps, o.Start, func(m mapping, a uint64) int {
			if m.Limit <= a {
				return -1
			}
			return 1
		})
		if i < len(c.maps) && c.maps[i].Start < o.Limit {
			continue // overlapped
		}
		if len(out) == len(cur) {
			out = slices.Clone(cur)
		}
		out = append(out, o)
	}
	if len(out) != len(cur) {
		slices.SortFunc(out, func(a, b mapping) int { return cmp.Compare(a.Start, b.Start) })
	}
	return out
}

// parseMapsLine parses "start-end perms offset dev inode [path]" and
// reports whether it is an executable mapping. The path is the rest of the
// line after the blanks that follow the inode, less a " (deleted)" suffix.
func parseMapsLine(line string) (mapping, fileKey, bool) {
	fm, ok := parseMapping(line)
	if !ok || !fm.Exec {
		return mapping{}, fileKey{}, false
	}
	key := fileKey{dev: fm.Dev, inode: fm.Inode, path: fm.Path}
	m := mapping{Mapping: &Mapping{Path: fm.Path, Start: fm.Start, Limit: fm.Limit, Offset: fm.Offset}, key: key}
	if fm.Path != "" && fm.Path[0] == '/' {
		m.module = filepath.Base(fm.Path)
	}
	return m, key, true
}

// parseMapping parses one line of /proc/PID/maps.
func parseMapping(line string) (FileMapping, bool) {
	var f [5]string
	rest := line
	for i := range f {
		rest = strings.TrimLeft(rest, " \t")
		j := strings.IndexAny(rest, " \t")
		if j < 0 {
			j = len(rest)
		}
		f[i], rest = rest[:j], rest[j:]
		if f[i] == "" {
			return FileMapping{}, false
		}
	}
	if len(f[1]) < 3 {
		return FileMapping{}, false
	}
	lo, hi, ok := strings.Cut(f[0], "-")
	if !ok {
		return FileMapping{}, false
	}
	start, err1 := strconv.ParseUint(lo, 16, 64)
	end, err2 := strconv.ParseUint(hi, 16, 64)
	off, err3 := strconv.ParseUint(f[2], 16, 64)
	inode, err4 := strconv.ParseUint(f[4], 10, 64)
	if err1 != nil || err2 != nil || err3 != nil || err4 != nil || end <= start {
		return FileMapping{}, false
	}
	return FileMapping{
		Path:  strings.TrimSuffix(strings.TrimLeft(rest, " \t"), " (deleted)"),
		Start: start, Limit: end, Offset: off,
		Exec: f[1][2] == 'x', Write: f[1][1] == 'w',
		Dev: f[3], Inode: inode,
	}, true
}

// FileMapping is one line of a process's memory map (/proc/PID/maps).
type FileMapping struct {
	// Path is the mapped file's path as the process sees it, less a
	// " (deleted)" suffix: "" for anonymous memory, "[vdso]" and the like
	// for special mappings.
	Path string
	// Start and Limit bound the mapping, [Start, Limit); Offset is the
	// file offset mapped at Start.
	Start, Limit, Offset uint64
	// Exec and Write say whether the mapping is executable, writable.
	Exec, Write bool
	// Dev ("fd:01") and Inode identify the file.
	Dev   string
	Inode uint64
}

// ReadMappings returns the memory map of process pid, by address, read
// from proc (the proc file system's mount point, "/proc" when empty).
func ReadMappings(proc string, pid int) ([]FileMapping, error) {
	if proc == "" {
		proc = "/proc"
	}
	data, err := os.ReadFile(filepath.Join(proc, strconv.Itoa(pid), "maps"))
	if err != nil {
		return nil, err
	}
	var out []FileMapping
	for _, line := range strings.Split(string(data), "\n") {
		if m, ok := parseMapping(line); ok {
			out = append(out, m)
		}
	}
	return out, nil
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
