// Package symtab resolves code addresses to the functions that hold them:
// kernel addresses from /proc/kallsyms (Kernel), user addresses of a
// process from the ELF symbol tables of the objects it has mapped, and
// those of the code it generated at run time from the perf map it writes,
// /tmp/perf-PID.map (Processes). It knows nothing of D: it answers "which module, which
// function, where does it start, which mapping of which object holds it"
// and leaves the printing to its callers.
//
// A lookup never guesses. An address inside no known object has no module;
// an address inside an object but inside none of its function symbols (by
// their sizes) has a module and no name.
//
// Nothing in the package is process-wide: what it reads and caches hangs
// off the Kernel, KernelSymbols and Processes values its callers own.
//
// It is part of dtrace-go's API: the sinks' frames and mappings are its
// Frame and Mapping.
package symtab

import (
	"cmp"
	"slices"
	"strings"
)

// Frame is a resolved code address, with what a profile needs of it.
type Frame struct {
	// PC is the address resolved.
	PC uint64
	// Func is the function holding PC, "" when none is known; FuncStart
	// is its first address.
	Func      string
	FuncStart uint64
	// Module names the object holding PC as DTrace prints it: "vmlinux",
	// a kernel module's name, the base name of a user object's file, or,
	// for code generated at run time that the process's perf map names,
	// the map's base name ("perf-1234.map"). Empty where DTrace prints
	// the address alone: a kernel address in no known function, a user
	// address in no mapping of a file (anonymous memory no perf map
	// names, [vdso]) or in none known.
	Module string
	// Mapping is the mapping holding PC, nil when none is known. It is
	// shared by every frame of that mapping and must not be modified.
	Mapping *Mapping
}

// Offset returns PC's offset in its function (0 when Func is empty).
func (f Frame) Offset() uint64 {
	if f.Func == "" {
		return 0
	}
	return f.PC - f.FuncStart
}

// Mapping is a range of executable addresses mapped from one object, as
// pprof's profile.Mapping describes it.
type Mapping struct {
	// Path is the mapped file's path as the process sees it ("" for an
	// anonymous mapping, "[vdso]" and the like for special ones); for the
	// kernel KernelMappingPath, for a kernel module its name in brackets
	// ("[ext4]").
	Path string
	// Start and Limit bound the mapping: [Start, Limit).
	Start, Limit uint64
	// Offset is the file offset mapped at Start. The kernel's mapping
	// has, as perf records it, its relocation symbol's address.
	Offset uint64
	// BuildID is the object's GNU build ID in hex, "" when unknown.
	BuildID string
	// RelocSymbol is, for the kernel's mapping, the symbol whose address
	// Offset holds ("_text"); "" otherwise.
	RelocSymbol string
}

// Symbol is what an address resolves to.
type Symbol struct {
	// Module names the object holding the address: "vmlinux" for the
	// core kernel, a kernel module's name ("ext4"), the base name of a
	// user object's file ("libc.so.6", "a.out"), or of the perf map that
	// names the code generated at run time holding it ("perf-1234.map").
	// Empty when no object is known to hold it.
	Module string
	// Name is the function holding the address; empty when none is known.
	Name string
	// Start is the function's first address when Name is set.
	Start uint64
	// Base is the module's first address when Module is set: a kernel
	// module's lowest function address, or the start of the user
	// object's mapping that holds the address; 0 for a perf map's (the
	// code it names is spread over the process's anonymous memory).
	Base uint64
}

// Found reports whether the address resolved to a function.
func (s Symbol) Found() bool { return s.Name != "" }

// sym is one function symbol of a table: its value (the address it
// starts at, in the table's own address space), its size (0: unknown, the
// table bounds it by the next entry) and its name.
type sym struct {
	value, size uint64
	name        string
	global      bool // STB_GLOBAL (kallsyms: an upper-case type)
	weak        bool // STB_WEAK
}

// table is a sorted, searchable list of function symbols. Symbols at the
// same address are reduced to the one libproc's sym_prefer would pick.
type table struct {
	syms []sym
}

// newTable sorts syms by address (unless they are already) and drops the
// aliases that lose to another symbol at the same address.
func newTable(syms []sym) *table {
	byValue := func(a, b sym) int { return cmp.Compare(a.value, b.value) }
	if !slices.IsSortedFunc(syms, byValue) {
		slices.SortFunc(syms, byValue)
	}
	out := syms[:0]
	for _, s := range syms {
		if n := len(out); n > 0 && s.value == out[n-1].value {
			if prefer(s, out[n-1]) {
				out[n-1] = s
			}
			continue
		}
		out = append(out, s)
	}
	return &table{syms: out}
}

// prefer reports whether a is preferred to b as the name of the address
// they share, after libproc's sym_prefer: a symbol with a size, a global
// symbol over a weak or local one, a name without a leading '$', fewer
// leading underscores, the smaller size, then the lexically first name.
func prefer(a, b sym) bool {
	if (a.size == 0) != (b.size == 0) {
		return a.size != 0
	}
	if a.global != b.global {
		return a.global
	}
	if a.weak != b.weak {
		return a.weak
	}
	if strings.HasPrefix(a.name, "$") != strings.HasPrefix(b.name, "$") {
		return !strings.HasPrefix(a.name, "$")
	}
	na, nb := a.name, b.name
	for len(na) > 0 && len(nb) > 0 && na[0] == '_' && nb[0] == '_' {
		na, nb = na[1:], nb[1:]
	}
	ua, ub := strings.HasPrefix(na, "_"), strings.HasPrefix(nb, "_")
	if ua != ub {
		return ub
	}
	if a.size != b.size {
		return a.size < b.size
	}
	return a.name < b.name
}

// maxBack bounds the symbols lookup examines below an address when the
// nearest one does not hold it (a symbol nested in a larger one).
const maxBack = 8

// lookup returns the symbol whose range [value, value+size) holds addr.
func (t *table) lookup(addr uint64) (sym, bool) {
	i, _ := slices.BinarySearchFunc(t.syms, addr, func(s sym, a uint64) int {
		if s.value <= a {
			return -1
		}
		return 1
	})
	i--
	for k := 0; i >= 0 && k < maxBack; i, k = i-1, k+1 {
		s := t.syms[i]
		if s.size > 0 && addr-s.value < s.size {
			return s, true
		}
	}
	return sym{}, false
}
