// Package symtab resolves code addresses to the functions that hold them:
// kernel addresses from /proc/kallsyms (Kernel), user addresses of a
// process from the ELF symbol tables of the objects it has mapped
// (Processes). It knows nothing of D: it answers "which module, which
// function, where does it start" and leaves the printing to its callers.
//
// A lookup never guesses. An address inside no known object has no module;
// an address inside an object but inside none of its function symbols (by
// their sizes) has a module and no name.
package symtab

import (
	"sort"
	"strings"
)

// Symbol is what an address resolves to.
type Symbol struct {
	// Module names the object holding the address: "vmlinux" for the
	// core kernel, a kernel module's name ("ext4"), or the base name of a
	// user object's file ("libc.so.6", "a.out"). Empty when no object is
	// known to hold it.
	Module string
	// Name is the function holding the address; empty when none is known.
	Name string
	// Start is the function's first address when Name is set.
	Start uint64
	// Base is the module's first address when Module is set: a kernel
	// module's lowest function address, or the start of the user
	// object's mapping that holds the address.
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

// newTable sorts syms and drops the aliases that lose to another symbol at
// the same address.
func newTable(syms []sym) *table {
	sort.Slice(syms, func(i, j int) bool {
		if syms[i].value != syms[j].value {
			return syms[i].value < syms[j].value
		}
		return prefer(syms[i], syms[j])
	})
	out := syms[:0]
	for i, s := range syms {
		if i > 0 && s.value == out[len(out)-1].value {
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
	i := sort.Search(len(t.syms), func(i int) bool { return t.syms[i].value > addr }) - 1
	for k := 0; i >= 0 && k < maxBack; i, k = i-1, k+1 {
		s := t.syms[i]
		if s.size > 0 && addr-s.value < s.size {
			return s, true
		}
	}
	return sym{}, false
}
