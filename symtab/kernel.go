package symtab

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
)

// CoreKernel is the module name of the core kernel's symbols, as Oracle's
// DTrace for Linux prints it.
const CoreKernel = "vmlinux"

// Kernel is the kernel's symbol table.
type Kernel struct {
	// mods[i] is the module of syms.syms[i]; kernel symbols have no
	// sizes, so each function ends where the next symbol (of any kind)
	// starts.
	syms *table
	mods map[uint64]string // function start -> module, for module symbols only
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
	type entry struct {
		addr   uint64
		text   bool
		global bool
		name   string
		mod    string
	}
	var es []entry
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	names := map[string]string{} // interned module names
	for sc.Scan() {
		line := sc.Bytes()
		sp := bytes.IndexByte(line, ' ')
		if sp <= 0 || len(line) < sp+4 || line[sp+2] != ' ' {
			continue
		}
		addr, err := strconv.ParseUint(string(line[:sp]), 16, 64)
		if err != nil || addr == 0 {
			continue
		}
		typ := line[sp+1]
		if typ == 'a' || typ == 'A' {
			continue
		}
		rest := line[sp+3:]
		name, mod := rest, []byte(nil)
		if i := bytes.IndexAny(rest, " \t"); i >= 0 {
			name = rest[:i]
			m := bytes.TrimSpace(rest[i:])
			if len(m) >= 2 && m[0] == '[' && m[len(m)-1] == ']' {
				mod = m[1 : len(m)-1]
			}
		}
		e := entry{addr: addr, name: string(name)}
		switch typ {
		case 't', 'T', 'w', 'W':
			e.text = true
			e.global = typ == 'T' || typ == 'W'
		}
		if mod != nil {
			m, ok := names[string(mod)]
			if !ok {
				m = string(mod)
				names[m] = m
			}
			e.mod = m
		}
		es = append(es, e)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read kernel symbols: %w", err)
	}
	if len(es) == 0 {
		return nil, fmt.Errorf("read kernel symbols: no symbol addresses (not privileged?)")
	}
	// Order by address; at one address, text symbols first.
	sortEntries := func(a, b entry) int {
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
	slices.SortFunc(es, sortEntries)
	var syms []sym
	k := &Kernel{mods: map[uint64]string{}}
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
		syms = append(syms, sym{value: e.addr, size: size, name: e.name, global: e.global})
		if e.mod != "" {
			k.mods[e.addr] = e.mod
		}
	}
	// Aliases at one address share the same end; newTable keeps the
	// preferred name.
	k.syms = newTable(syms)
	return k, nil
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
	return Symbol{Module: mod, Name: s.name, Start: s.value}
}
