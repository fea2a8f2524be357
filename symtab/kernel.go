package symtab

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"slices"
)

// CoreKernel is the module name of the core kernel's symbols, as Oracle's
// DTrace for Linux prints it.
const CoreKernel = "vmlinux"

// Kernel is the kernel's symbol table.
type Kernel struct {
	// mods[i] is the module of syms.syms[i]; kernel symbols have no
	// sizes, so each function ends where the next symbol (of any kind)
	// starts.
	syms  *table
	mods  map[uint64]string // function start -> module, for module symbols only
	bases map[string]uint64 // module -> its lowest function address
}

// KallsymsPath is where ReadKernel reads the kernel's symbols.
const KallsymsPath = "/proc/kallsyms"

// ReadKernel reads the running kernel's symbols from /proc/kallsyms (which
// shows their addresses only to a privileged reader).
func ReadKernel() (*Kernel, error) {
	f, err := os.Open(KallsymsPath)
	if err != nil {
		return nil, fmt.Errorf("read kernel symbols: %w", err)
	}
	defer f.Close()
	return ParseKallsyms(f)
}

// ParseKallsyms parses a kallsyms listing: lines of "address type name"
// with " [module]" after the symbols of a module. Text symbols (types t, T,
// w, W) name functions; the others (data, read-only data, BSS) only end
// the function below them. Absolute symbols and symbols at address 0 (what
// an unprivileged reader sees) are ignored; a listing with none left is an
// error.
func ParseKallsyms(r io.Reader) (*Kernel, error) {
	// An entry's name is in arena (text symbols only: the others only
	// bound the functions below them); one string holds them all.
	type entry struct {
		addr    uint64
		name    uint32 // offset in arena
		nameLen uint16
		mod     uint16 // index in mods, 0: the core kernel
		text    bool
		global  bool
	}
	es := make([]entry, 0, 1<<17)
	var arena []byte
	mods := []string{CoreKernel}
	modIndex := map[string]uint16{}
	br := bufio.NewReaderSize(r, 1<<20)
	for {
		line, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			for err == bufio.ErrBufferFull { // an absurd line: skipped
				_, err = br.ReadSlice('\n')
			}
			continue
		}
		if len(line) > 0 {
			if e, name, mod, ok := parseKallsymsLine(line); ok {
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
				if e.text && len(name) < 1<<16 {
					ent.name, ent.nameLen = uint32(len(arena)), uint16(len(name))
					arena = append(arena, name...)
				}
				es = append(es, ent)
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
	// Order by address; at one address, text symbols first. The core
	// kernel's symbols come in address order, modules' after them.
	cmpEntries := func(a, b entry) int {
		switch {
		case a.addr < b.addr:
			return -1
		case a.addr > b.addr:
			return 1
		case a.text && !b.text:
			return -1
		case b.text && !a.text:
			return 1
		}
		return 0
	}
	if !slices.IsSortedFunc(es, cmpEntries) {
		slices.SortStableFunc(es, cmpEntries)
	}
	names := string(arena)
	syms := make([]sym, 0, len(es))
	k := &Kernel{mods: map[uint64]string{}, bases: map[string]uint64{}}
	for i, e := range es {
		if !e.text {
			continue
		}
		// The function ends at the next address that holds any symbol.
		size := uint64(0)
		for j := i + 1; j < len(es); j++ {
			if es[j].addr > e.addr {
				size = es[j].addr - e.addr
				break
			}
		}
		if size == 0 {
			continue // the last symbol: its end is unknown
		}
		syms = append(syms, sym{value: e.addr, size: size, name: names[e.name : e.name+uint32(e.nameLen)], global: e.global})
		mod := mods[e.mod]
		if e.mod != 0 {
			k.mods[e.addr] = mod
		}
		if _, ok := k.bases[mod]; !ok {
			k.bases[mod] = e.addr // the entries are in address order
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
}

// parseKallsymsLine parses "address type name[\t[module]]\n"; it reports
// false for lines without a usable address (absolute symbols, address 0).
func parseKallsymsLine(line []byte) (e kallsymsEntry, name, mod []byte, ok bool) {
	line = bytes.TrimRight(line, "\n")
	sp := bytes.IndexByte(line, ' ')
	if sp <= 0 || sp > 16 || len(line) < sp+4 || line[sp+2] != ' ' {
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
	typ := line[sp+1]
	if e.addr == 0 || typ == 'a' || typ == 'A' {
		return e, nil, nil, false
	}
	rest := line[sp+3:]
	name = rest
	if i := bytes.IndexAny(rest, " \t"); i >= 0 {
		name = rest[:i]
		m := bytes.TrimSpace(rest[i:])
		if len(m) >= 2 && m[0] == '[' && m[len(m)-1] == ']' {
			mod = m[1 : len(m)-1]
		}
	}
	switch typ {
	case 't', 'T', 'w', 'W':
		e.text = true
		e.global = typ == 'T' || typ == 'W'
	}
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
