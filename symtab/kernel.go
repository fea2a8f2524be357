package symtab

import (
	"bufio"
	"cmp"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sync"
)

// CoreKernel is the module name of the core kernel's symbols, as Oracle's
// DTrace for Linux prints it.
const CoreKernel = "vmlinux"

// KernelMappingPath is the Path of the core kernel's Mapping: the name perf
// and pprof give the kernel's text.
const KernelMappingPath = "[kernel.kallsyms]"

// KernelRelocSymbol is the RelocSymbol of the core kernel's Mapping.
const KernelRelocSymbol = "_text"

// Kernel is the kernel's symbol table. Its methods are safe for concurrent
// use.
type Kernel struct {
	// syms holds the functions: kernel symbols have no sizes, so each
	// function ends where the next symbol (of any kind) starts.
	syms  *table
	mods  map[uint64]string // function start -> module, for module symbols only
	bases map[string]uint64 // module -> its lowest function address
	ends  map[string]uint64 // module -> the end of its highest function

	// names holds the names of syms and of core.
	names string
	// core lists the core kernel's symbols of every kind (functions,
	// data, per-CPU offsets) in the listing's order, for Address.
	core []named

	// sys is sysfs's mount point, where Mappings read build IDs; "" when
	// the Kernel was parsed from a listing alone.
	sys string

	mapOnce sync.Once
	maps    []*Mapping          // the core kernel's first, then by address
	byMod   map[string]*Mapping // by module name
}

// named is a core kernel symbol of any kind.
type named struct {
	addr    uint64
	name    uint32 // offset in Kernel.names
	nameLen uint16
	global  bool
}

// KallsymsPath is where ReadKernel reads the kernel's symbols.
const KallsymsPath = "/proc/kallsyms"

// SysPath is sysfs's usual mount point, where the kernel's and its
// modules' build IDs are read.
const SysPath = "/sys"

// ReadKernel reads the running kernel's symbols from /proc/kallsyms (which
// shows their addresses only to a privileged reader). The build IDs of its
// Mappings are read from /sys when they are first asked for.
func ReadKernel() (*Kernel, error) {
	return readKernel(KallsymsPath, SysPath)
}

// readKernel reads the kallsyms listing at path; sys is where the
// Kernel's mappings find build IDs.
func readKernel(path, sys string) (*Kernel, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read kernel symbols: %w", err)
	}
	defer f.Close()
	k, err := ParseKallsyms(f)
	if err != nil {
		return nil, err
	}
	k.sys = sys
	return k, nil
}

// KernelSymbols reads the kernel's symbols once, when they are first
// asked for, and keeps them: a value to share between those that need the
// kernel's symbols during a run (a stack printer, the lookup of a D
// program's backquoted names), so that the tenth of a second or more that
// reading /proc/kallsyms takes is spent at most once, and only when
// needed. Its zero value reads KallsymsPath and SysPath. It is safe for
// concurrent use; its fields must be set before the first Get.
type KernelSymbols struct {
	// Kallsyms is the listing to read (KallsymsPath when empty).
	Kallsyms string
	// Sys is sysfs's mount point, where build IDs are read (SysPath when
	// empty).
	Sys string

	once sync.Once
	k    *Kernel
	err  error
}

// Get returns the kernel's symbols, reading them on the first call; the
// calls that come while that read runs wait for it, and every call
// returns its result.
func (ks *KernelSymbols) Get() (*Kernel, error) {
	ks.once.Do(func() {
		path, sys := ks.Kallsyms, ks.Sys
		if path == "" {
			path = KallsymsPath
		}
		if sys == "" {
			sys = SysPath
		}
		ks.k, ks.err = readKernel(path, sys)
	})
	return ks.k, ks.err
}

// Prefetch starts reading the kernel's symbols in the background, so that
// a later Get finds them read (or waits less).
func (ks *KernelSymbols) Prefetch() { go ks.Get() }

// ParseKallsyms parses a kallsyms listing: lines of "address type name"
// with " [module]" after the symbols of a module. Text symbols (types t, T,
// w, W) name functions; the others (data, read-only data, BSS) only end
// the function below them, and are found by name (Address) when they are
// the core kernel's. Absolute symbols (per-CPU variables' offsets) are
// found by name only. Symbols at address 0 (what an unprivileged reader
// sees) are ignored; a listing with none left but absolute ones is an
// error. The Kernel returned knows no build IDs.
func ParseKallsyms(r io.Reader) (*Kernel, error) {
	// An entry's name is in arena (text symbols and the core kernel's
	// only); one string holds them all.
	type entry struct {
		addr    uint64
		name    uint32 // offset in arena
		nameLen uint16
		mod     uint16 // index in mods, 0: the core kernel
		text    bool
		global  bool
	}
	// Sized for a whole kernel's listing (about 40 bytes a line, 20 of
	// them the name), or for r's length when it tells it.
	size := 8 << 20
	if l, ok := r.(interface{ Len() int }); ok {
		size = l.Len()
	}
	es := make([]entry, 0, size/40)
	core := make([]named, 0, size/40)
	arena := make([]byte, 0, size/2)
	mods := []string{CoreKernel}
	modIndex := map[string]uint16{}
	br := bufio.NewReaderSize(r, min(size, 1<<20))
	for {
		line, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			for err == bufio.ErrBufferFull { // an absurd line: skipped
				_, err = br.ReadSlice('\n')
			}
			continue
		}
		if len(line) > 0 {
			if e, name, mod, ok := parseKallsymsLine(line); ok && len(name) < 1<<16 && len(arena) < 1<<32-1<<16 {
				ent := entry{addr: e.addr, text: e.text, global: e.global}
				if mod != nil {
					m, ok := modIndex[string(mod)]
					if !ok && len(mods) < 1<<16 {
						m = uint16(len(mods))
						mods = append(mods, string(mod))
						modIndex[string(mod)] = m
					}
					ent.mod = m
				}
				if e.text || mod == nil {
					ent.name, ent.nameLen = uint32(len(arena)), uint16(len(name))
					arena = append(arena, name...)
				}
				if mod == nil {
					core = append(core, named{addr: e.addr, name: ent.name, nameLen: ent.nameLen, global: e.global})
				}
				if !e.abs {
					es = append(es, ent)
				}
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("read kernel symbols: %w", err)
		}
	}
	if len(es) == 0 {
		return nil, fmt.Errorf("read kernel symbols: no symbol addresses (not privileged?)")
	}
	// Order by address. The core kernel's symbols come in address order,
	// modules' after them.
	byAddr := func(a, b entry) int { return cmp.Compare(a.addr, b.addr) }
	if !slices.IsSortedFunc(es, byAddr) {
		slices.SortStableFunc(es, byAddr)
	}
	names := string(arena)
	syms := make([]sym, 0, len(es))
	k := &Kernel{mods: map[uint64]string{}, bases: map[string]uint64{}, ends: map[string]uint64{}, names: names, core: core}
	// Each module's range, by its index in mods (base 0: none yet).
	bases, ends := make([]uint64, len(mods)), make([]uint64, len(mods))
	next := 0 // the first entry above the current address
	for i, e := range es {
		if !e.text {
			continue
		}
		// The function ends at the next address that holds any symbol.
		if next <= i {
			next = i + 1
		}
		for next < len(es) && es[next].addr <= e.addr {
			next++
		}
		if next == len(es) {
			continue // the last symbol: its end is unknown
		}
		end := es[next].addr
		syms = append(syms, sym{value: e.addr, size: end - e.addr, name: names[e.name : e.name+uint32(e.nameLen)], global: e.global})
		if e.mod != 0 {
			k.mods[e.addr] = mods[e.mod]
		}
		if bases[e.mod] == 0 {
			bases[e.mod] = e.addr // the entries are in address order
		}
		ends[e.mod] = max(ends[e.mod], end)
	}
	for i, mod := range mods {
		if bases[i] != 0 {
			k.bases[mod], k.ends[mod] = bases[i], ends[i]
		}
	}
	// Aliases at one address share the same end; newTable keeps the
	// preferred name.
	k.syms = newTable(syms)
	return k, nil
}

// kallsymsEntry is one parsed line of kallsyms.
type kallsymsEntry struct {
	addr         uint64
	text, global bool
	abs          bool // an absolute symbol (type a or A)
}

// parseKallsymsLine parses "address type name[\t[module]]\n"; it reports
// false for lines without a usable address (address 0) or name.
func parseKallsymsLine(line []byte) (e kallsymsEntry, name, mod []byte, ok bool) {
	if n := len(line); n > 0 && line[n-1] == '\n' {
		line = line[:n-1]
	}
	sp := 0
	for sp < len(line) && sp <= 16 && line[sp] != ' ' {
		sp++
	}
	if sp == 0 || sp > 16 || len(line) < sp+4 || line[sp] != ' ' || line[sp+2] != ' ' {
		return e, nil, nil, false
	}
	for _, c := range line[:sp] {
		var d byte
		switch {
		case c >= '0' && c <= '9':
			d = c - '0'
		case c >= 'a' && c <= 'f':
			d = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			d = c - 'A' + 10
		default:
			return e, nil, nil, false
		}
		e.addr = e.addr<<4 | uint64(d)
	}
	if e.addr == 0 {
		return e, nil, nil, false
	}
	typ := line[sp+1]
	rest := line[sp+3:]
	name = rest
	for i, c := range rest {
		if c == ' ' || c == '\t' {
			name = rest[:i]
			m := rest[i:]
			for len(m) > 0 && (m[0] == ' ' || m[0] == '\t') {
				m = m[1:]
			}
			for len(m) > 0 && (m[len(m)-1] == ' ' || m[len(m)-1] == '\t' || m[len(m)-1] == '\r') {
				m = m[:len(m)-1]
			}
			if len(m) > 2 && m[0] == '[' && m[len(m)-1] == ']' {
				mod = m[1 : len(m)-1]
			}
			break
		}
	}
	switch typ {
	case 't', 'T', 'w', 'W':
		e.text = true
	case 'a', 'A':
		e.abs = true
	}
	e.global = typ < 'a' || typ > 'z' // local symbols have lower-case types
	return e, name, mod, len(name) > 0
}

// Lookup resolves a kernel address.
func (k *Kernel) Lookup(pc uint64) Symbol {
	if k == nil {
		return Symbol{}
	}
	s, ok := k.syms.lookup(pc)
	if !ok {
		return Symbol{}
	}
	mod, ok := k.mods[s.value]
	if !ok {
		mod = CoreKernel
	}
	return Symbol{Module: mod, Name: s.name, Start: s.value, Base: k.bases[mod]}
}

// Frame resolves a kernel address into a frame: its function and module
// as Lookup finds them, and the mapping holding it (see Mappings), which
// it may hold without being inside a known function.
func (k *Kernel) Frame(pc uint64) Frame {
	f := Frame{PC: pc}
	if k == nil {
		return f
	}
	s := k.Lookup(pc)
	f.Func, f.FuncStart, f.Module = s.Name, s.Start, s.Module
	k.mapOnce.Do(k.makeMappings)
	if s.Module != "" {
		f.Mapping = k.byMod[s.Module]
		return f
	}
	for _, m := range k.maps {
		if pc >= m.Start && pc < m.Limit {
			f.Mapping = m
			break
		}
	}
	return f
}

// Func returns the address range of the kernel function name (the first
// such, for a name several modules define).
func (k *Kernel) Func(name string) (start, size uint64, ok bool) {
	if k == nil {
		return 0, 0, false
	}
	for _, s := range k.syms.syms {
		if s.name == name {
			return s.value, s.size, true
		}
	}
	return 0, 0, false
}

// Address returns the address of the core kernel's (vmlinux's) symbol
// name, of any kind: a function, a variable, a per-CPU variable's offset
// (an absolute symbol). Where the listing has name more than once, a
// global symbol wins over a local one, and the first listed of equals.
// Module symbols are not searched.
func (k *Kernel) Address(name string) (uint64, bool) {
	if k == nil || name == "" || len(name) >= 1<<16 {
		return 0, false
	}
	var local uint64
	for _, s := range k.core {
		if int(s.nameLen) != len(name) || k.names[s.name:s.name+uint32(s.nameLen)] != name {
			continue
		}
		if s.global {
			return s.addr, true
		}
		if local == 0 {
			local = s.addr
		}
	}
	return local, local != 0
}

// Mapping returns the core kernel's mapping: Path KernelMappingPath, from
// its relocation symbol (KernelRelocSymbol, or its lowest function when the
// listing has no such symbol) to the end of its highest function, Offset
// the relocation symbol's address, and the build ID the kernel publishes
// in /sys/kernel/notes (read on the first call to Mapping, Mappings or
// Frame, when the Kernel was read by ReadKernel or KernelSymbols). It is
// nil when the listing has no core kernel function.
func (k *Kernel) Mapping() *Mapping {
	if k == nil {
		return nil
	}
	k.mapOnce.Do(k.makeMappings)
	return k.byMod[CoreKernel]
}

// Mappings returns the core kernel's mapping (as Mapping) followed by a
// mapping for each module, by address: Path the module's name in brackets
// ("[ext4]"), from its lowest function to the end of its highest, Offset
// 0, and the build ID of /sys/module/NAME/notes/.note.gnu.build-id when
// that is readable. The slice is the caller's; the mappings are shared.
func (k *Kernel) Mappings() []*Mapping {
	if k == nil {
		return nil
	}
	k.mapOnce.Do(k.makeMappings)
	return slices.Clone(k.maps)
}

// makeMappings makes the kernel's and its modules' mappings.
func (k *Kernel) makeMappings() {
	k.byMod = map[string]*Mapping{}
	for mod, base := range k.bases {
		m := &Mapping{Start: base, Limit: k.ends[mod]}
		if mod == CoreKernel {
			m.Path = KernelMappingPath
			if a, ok := k.Address(KernelRelocSymbol); ok && a <= base {
				m.Start, m.RelocSymbol = a, KernelRelocSymbol
			}
			m.Offset = m.Start
			if k.sys != "" {
				m.BuildID = noteFileBuildID(filepath.Join(k.sys, "kernel", "notes"))
			}
		} else {
			m.Path = "[" + mod + "]"
			if k.sys != "" && filepath.Base(mod) == mod {
				m.BuildID = noteFileBuildID(filepath.Join(k.sys, "module", mod, "notes", ".note.gnu.build-id"))
			}
		}
		k.byMod[mod] = m
		k.maps = append(k.maps, m)
	}
	slices.SortFunc(k.maps, func(a, b *Mapping) int {
		ak, bk := a.Path == KernelMappingPath, b.Path == KernelMappingPath
		switch {
		case ak && !bk:
			return -1
		case bk && !ak:
			return 1
		}
		return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.Path, b.Path))
	})
}

// maxNotes bounds what is read of a notes file.
const maxNotes = 1 << 16

// noteFileBuildID returns the GNU build ID in the ELF notes of the file at
// path (in the kernel's byte order), or "".
func noteFileBuildID(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxNotes))
	if err != nil {
		return ""
	}
	return findBuildID(data, binary.NativeEndian)
}
