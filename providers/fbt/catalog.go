package fbt

import (
	"errors"
	"fmt"
	"hash/maphash"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/dtrace-go/dtrace/internal/kbtf"
	"github.com/dtrace-go/dtrace/internal/tracefsdir"
	"github.com/dtrace-go/dtrace/providers"
)

// catalog is the traceable functions of the system, read once: funcs[i]
// is called names[i], and mods says which module each run of them is
// of.
type catalog struct {
	funcs []Function
	names []string
	mods  []modRange
}

// modRange is a module's functions: funcs[start:end] of the catalog.
type modRange struct {
	name       string
	start, end int
}

// readFunctions returns the traceable functions of the system: BTF's FUNC
// types, vmlinux's then each module's (by module name), each name once
// per module, less those available_filter_functions does not list and
// plus those it lists that BTF does not, where it can be read.
//
// Listing every probe (dtrace -l) makes them all, 56,000 functions of a
// distribution kernel, so each is two words of a slice and a name in BTF's
// one copy of the names, with no map: Go's maps spent most of the time
// and memory here, and memory a process touches costs a page fault per
// page.
func readFunctions(sys providers.System) (*catalog, error) {
	filter := readFilter(sys)
	vmlinux, err := sys.KernelBTF()
	if err != nil {
		if filter == nil || !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("read kernel functions: %w", err)
		}
		vmlinux = nil // no BTF: the filter's functions, untyped
	}
	c := &catalog{}
	c.add(Vmlinux, vmlinux, filter)
	mods := filter.modules()
	if vmlinux != nil {
		ents, err := os.ReadDir(filepath.Dir(sys.BTFPath()))
		if err != nil {
			return nil, fmt.Errorf("read kernel functions: %w", err)
		}
		for _, e := range ents {
			if n := e.Name(); n != Vmlinux && n != filepath.Base(sys.BTFPath()) {
				mods = append(mods, n)
			}
		}
	}
	slices.Sort(mods)
	mods = slices.Compact(mods)
	for _, m := range mods {
		spec, err := sys.ModuleBTF(m)
		if err != nil {
			if !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, kbtf.ErrNotBTF) {
				return nil, fmt.Errorf("read kernel functions of module %s: %w", m, err)
			}
			spec = nil
		}
		c.add(m, spec, filter)
	}
	return c, nil
}

// add appends the functions of module mod: spec's (nil for a module
// without BTF) that the filter allows, in BTF's order, each name once,
// then those the filter lists that spec does not describe, in the
// filter's order.
func (c *catalog) add(mod string, spec *kbtf.Spec, filter *filter) {
	var ids []kbtf.TypeID
	var names []string
	if spec != nil {
		ids, names = spec.Names(kbtf.KindFunc)
	}
	// keep[i] says names[i] is a function of the module: found first,
	// before the names are copied, since the first module's are copied
	// onto themselves.
	keep := make([]bool, len(names))
	var untyped []string // what the kernel can probe but BTF does not describe
	if filter == nil {
		seen := newNameSet(names)
		seen.insertAll(func(i int, dup bool) { keep[i] = !dup && !synthetic(names[i]) })
	} else {
		// The filter's names of mod, each marked when BTF describes it.
		listed := filter.byMod[mod]
		set := newNameSet(listed)
		first := make([]bool, len(listed)) // the first of its name
		for j := range listed {
			_, dup := set.insert(j)
			first[j] = !dup
		}
		described := make([]bool, len(listed))
		for i, name := range names {
			j, ok := set.find(name)
			if ok && !described[j] && !synthetic(name) {
				described[j], keep[i] = true, true
			}
		}
		for j, name := range listed {
			if first[j] && !described[j] {
				untyped = append(untyped, name)
			}
		}
	}
	start := len(c.funcs)
	if start == 0 {
		// The first module's names are the catalog's, kept in place:
		// BTF's one copy of them.
		c.names = names[:0]
	}
	c.funcs = slices.Grow(c.funcs, len(names)+len(untyped))
	for i, name := range names {
		if keep[i] {
			c.funcs = append(c.funcs, Function{BTF: spec, ID: ids[i]})
			c.names = append(c.names, name)
		}
	}
	for _, name := range untyped {
		c.funcs = append(c.funcs, Function{})
		c.names = append(c.names, name)
	}
	if len(c.funcs) > start {
		c.mods = append(c.mods, modRange{name: mod, start: start, end: len(c.funcs)})
	}
}

// filter is what available_filter_functions lists: the functions the
// kernel lets be probed, by module. A nil filter allows everything.
type filter struct {
	// byMod lists each module's functions in the file's order, a name
	// as often as the file has it; compiler-made copies are left out.
	byMod map[string][]string
}

// lists reports whether the filter lists function name of module mod. It
// reads the module's list through, for the few functions a provider
// asks about by name (Site), not for matching.
func (f *filter) lists(mod, name string) bool {
	return slices.Contains(f.byMod[mod], name)
}

// modules returns the modules the filter names, vmlinux aside.
func (f *filter) modules() []string {
	if f == nil {
		return nil
	}
	var ms []string
	for m := range f.byMod {
		if m != Vmlinux {
			ms = append(ms, m)
		}
	}
	return ms
}

// readFilter reads tracefs's available_filter_functions, or returns nil
// when it cannot be read (tracefs not mounted, or refused: this VM's
// kernel says EPERM).
func readFilter(sys providers.System) *filter {
	dir := sys.Tracefs
	if dir == "" {
		d, err := tracefsdir.Find()
		if err != nil {
			return nil
		}
		dir = d
	}
	data, err := os.ReadFile(filepath.Join(dir, "available_filter_functions"))
	if err != nil || len(data) == 0 {
		return nil
	}
	return parseFilter(data)
}

// parseFilter parses available_filter_functions: a function a line,
// "name" for vmlinux's, "name [module]" for a module's. Compiler-made
// copies are left out, and so are the kernel's placeholders for call
// sites it found at no function (invalidAddress).
func parseFilter(data []byte) *filter {
	f := &filter{byMod: map[string][]string{}}
	text := string(data)
	// Most lines are vmlinux's, which come first: its list is kept
	// apart from the map until the end.
	var vmlinux []string
	for len(text) > 0 {
		line := text
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			text = ""
		}
		name, mod := line, Vmlinux
		if i := strings.IndexByte(line, ' '); i >= 0 {
			name = line[:i]
			rest := strings.TrimSpace(line[i+1:])
			if m, ok := strings.CutPrefix(rest, "["); ok {
				mod, _, _ = strings.Cut(m, "]")
			}
		}
		if name == "" || synthetic(name) || strings.HasPrefix(name, invalidAddress) {
			continue
		}
		if mod == Vmlinux {
			vmlinux = append(vmlinux, name)
		} else {
			f.byMod[mod] = append(f.byMod[mod], name)
		}
	}
	if len(vmlinux) > 0 {
		f.byMod[Vmlinux] = vmlinux
	}
	return f
}

// invalidAddress begins the names available_filter_functions gives the
// ftrace call sites of code the kernel discarded or overrode (a weak
// function's), "__ftrace_invalid_address___N": no functions, no probes.
const invalidAddress = "__ftrace_invalid_address__"

// nameSet is a set of the names of a list, each known by its index: an
// open addressing table of indexes, each with bits of its name's hash,
// that holds no pointers. A Go map of vmlinux's 56,000 function names
// spent 30 ms hashing, growing and being scanned by the collector; this
// spends 2.
type nameSet struct {
	seed maphash.Seed
	list []string
	// slots hold an index + 1 in the low bits (0: an empty slot) and
	// the top bits of the name's hash above them (its tag).
	slots   []uint32
	mask    uint64
	idxMask uint32
	// touched keeps what insertAll reads ahead, so that the reads stay.
	touched uint32
}

// newNameSet returns an empty set of names of list, with room for all.
func newNameSet(list []string) *nameSet {
	size := 16
	for size < 2*len(list) {
		size *= 2
	}
	idxMask := uint32(1)
	for idxMask <= uint32(len(list)) {
		idxMask = idxMask<<1 | 1
	}
	return &nameSet{seed: maphash.MakeSeed(), list: list, slots: make([]uint32, size), mask: uint64(size - 1), idxMask: idxMask}
}

// insertAll inserts each name of the list in turn, and calls f with its
// index and whether the set had the name. The slots a name hashes to are
// scattered over a table larger than the processor's caches: they are
// read a batch of names ahead, so that the processor waits for a batch's
// reads together, not for each in turn.
func (s *nameSet) insertAll(f func(i int, dup bool)) {
	const batch = 16
	var hs [batch]uint64
	for base := 0; base < len(s.list); base += batch {
		n := min(batch, len(s.list)-base)
		var touched uint32
		for k := range n {
			hs[k] = maphash.String(s.seed, s.list[base+k])
			touched |= s.slots[hs[k]&s.mask]
		}
		s.touched = touched
		for k := range n {
			_, dup := s.insertHash(base+k, hs[k])
			f(base+k, dup)
		}
	}
}

// insert adds list[i] unless the set has its name; it returns the index
// of the name in the set, and whether it was there already.
func (s *nameSet) insert(i int) (int, bool) {
	return s.insertHash(i, maphash.String(s.seed, s.list[i]))
}

// insertHash is insert of list[i], whose hash is h.
func (s *nameSet) insertHash(i int, h uint64) (int, bool) {
	name := s.list[i]
	tag := uint32(h>>32) &^ s.idxMask
	for k := h & s.mask; ; k = (k + 1) & s.mask {
		v := s.slots[k]
		if v == 0 {
			s.slots[k] = tag | uint32(i+1)
			return i, false
		}
		if v&^s.idxMask == tag {
			if j := int(v&s.idxMask) - 1; s.list[j] == name {
				return j, true
			}
		}
	}
}

// find returns the index of name in the set.
func (s *nameSet) find(name string) (int, bool) {
	h := maphash.String(s.seed, name)
	tag := uint32(h>>32) &^ s.idxMask
	for k := h & s.mask; ; k = (k + 1) & s.mask {
		v := s.slots[k]
		if v == 0 {
			return 0, false
		}
		if v&^s.idxMask == tag {
			if j := int(v&s.idxMask) - 1; s.list[j] == name {
				return j, true
			}
		}
	}
}
