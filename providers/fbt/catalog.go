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

// readFunctions returns the traceable functions of the system: BTF's FUNC
// types, vmlinux's then each module's (by module name), each name once
// per module, less those available_filter_functions does not list and
// plus those it lists that BTF does not, where it can be read.
func readFunctions(sys providers.System) ([]Function, error) {
	filter := readFilter(sys)
	vmlinux, err := sys.KernelBTF()
	if err != nil {
		if filter == nil || !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("read kernel functions: %w", err)
		}
		vmlinux = nil // no BTF: the filter's functions, untyped
	}
	var out []Function
	add := func(mod string, spec *kbtf.Spec) {
		allowed := filter.module(mod)
		var ids []kbtf.TypeID
		var names []string
		if spec != nil {
			ids, names = spec.Names(kbtf.KindFunc)
		}
		seen := newNameSet(len(names) + len(filter.order(mod)))
		out = slices.Grow(out, len(names))
		for i, name := range names {
			if synthetic(name) || filter != nil && !allowed[name] || !seen.add(name) {
				continue
			}
			out = append(out, Function{Module: mod, Name: name, BTF: spec, ID: ids[i]})
		}
		// What the kernel can probe but BTF does not describe.
		for _, name := range filter.order(mod) {
			if seen.add(name) {
				out = append(out, Function{Module: mod, Name: name})
			}
		}
	}
	add(Vmlinux, vmlinux)
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
		add(m, spec)
	}
	return out, nil
}

// filter is what available_filter_functions lists: the functions the
// kernel lets be probed, by module. A nil filter allows everything.
type filter struct {
	byMod map[string]map[string]bool
	// names lists each module's functions in the file's order.
	names map[string][]string
}

// module returns the functions of mod the filter allows.
func (f *filter) module(mod string) map[string]bool {
	if f == nil {
		return nil
	}
	return f.byMod[mod]
}

// order returns mod's functions in the file's order.
func (f *filter) order(mod string) []string {
	if f == nil {
		return nil
	}
	return f.names[mod]
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
	f := &filter{byMod: map[string]map[string]bool{}, names: map[string][]string{}}
	text := string(data)
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
		set := f.byMod[mod]
		if set == nil {
			set = make(map[string]bool, 4096)
			f.byMod[mod] = set
		}
		if !set[name] {
			set[name] = true
			f.names[mod] = append(f.names[mod], name)
		}
	}
	return f
}

// invalidAddress begins the names available_filter_functions gives the
// ftrace call sites of code the kernel discarded or overrode (a weak
// function's), "__ftrace_invalid_address___N": no functions, no probes.
const invalidAddress = "__ftrace_invalid_address__"

// nameSet is a set of strings that holds no pointers of its own: an open
// addressing table of indexes into the names added. Listing vmlinux's
// 56,000 functions, a Go map spent 30 ms hashing, growing and being
// scanned by the collector; this spends 2.
type nameSet struct {
	seed  maphash.Seed
	slots []int32 // index+1 into names, 0 for an empty slot
	mask  uint64
	names []string
}

func newNameSet(n int) *nameSet {
	size := 16
	for size < 2*n {
		size *= 2
	}
	return &nameSet{seed: maphash.MakeSeed(), slots: make([]int32, size), mask: uint64(size - 1), names: make([]string, 0, n)}
}

// add adds name and reports whether it was not there yet.
func (s *nameSet) add(name string) bool {
	if len(s.names) >= len(s.slots)/2 {
		s.grow()
	}
	for i := maphash.String(s.seed, name) & s.mask; ; i = (i + 1) & s.mask {
		switch j := s.slots[i]; {
		case j == 0:
			s.names = append(s.names, name)
			s.slots[i] = int32(len(s.names))
			return true
		case s.names[j-1] == name:
			return false
		}
	}
}

// grow doubles the table.
func (s *nameSet) grow() {
	names := s.names
	*s = *newNameSet(2 * len(names))
	for _, n := range names {
		s.add(n)
	}
}
