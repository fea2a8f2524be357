// Package ktypes gives D programs the kernel's types and symbols: it reads
// the kernel's BTF (/sys/kernel/btf/vmlinux, through internal/kbtf, the
// one BTF reader) and converts the types a program names into D types,
// and it finds kernel symbols' addresses in /proc/kallsyms.
//
// Everything is lazy. Opening costs nothing; the first lookup maps the BTF
// file and indexes the names of its structs, unions, enums and typedefs
// without decoding the types themselves (a few milliseconds for a whole
// kernel); a type is converted when it is asked for, and a struct's
// members are converted only as far as its layout needs: a pointer to a
// named struct or union is a pointer to an incomplete shell (Complete
// false, the right Size) until that record is asked for by name, at which
// point the same *types.Type is completed in place. /proc/kallsyms is read
// only when a symbol's address is first asked for.
//
// A Kernel whose BTF is missing or unreadable knows no names; Err says why.
//
// For the checker, in-place completion means one rule: before refusing a
// struct or union as incomplete, if its Module is "vmlinux", ask Type for
// its tag (or Complete for it) and use the result. That is what makes
// curthread->mm->mmap_base work when struct mm_struct was first met as the
// target of task_struct's mm pointer.
//
// It is part of dtrace-go's implementation, not of its API (README.md's
// layout table names the packages a program imports).
package ktypes

import (
	"sync"

	"github.com/dtrace-go/dtrace/dscript/types"
	"github.com/dtrace-go/dtrace/internal/kbtf"
	"github.com/dtrace-go/dtrace/symtab"
)

// DefaultPath is where the running kernel publishes its BTF.
const DefaultPath = "/sys/kernel/btf/vmlinux"

// Kernel resolves kernel type and symbol names against the kernel's BTF.
// It satisfies check.Kernel. It is safe for concurrent use; the types it
// returns are shared between callers, and a record shell among them may
// be completed in place by a later lookup.
type Kernel struct {
	path     string
	spec     func() (*kbtf.Spec, error) // nil: open path
	loadOnce sync.Once
	err      error
	raw      *raw

	mu   sync.Mutex
	conv *converter
	// mods converts the types of the modules' split BTF TypeOf was
	// asked about, by BTF.
	mods map[*kbtf.Spec]*converter

	ksyms *symtab.KernelSymbols // read on the first Address

	perCPUOnce sync.Once
	perCPU     map[kbtf.TypeID]bool // the VARs of the per-CPU data section
}

// Open returns a Kernel for the BTF file at path (DefaultPath when path is
// empty). It reads nothing until the first lookup.
func Open(path string) *Kernel {
	if path == "" {
		path = DefaultPath
	}
	return &Kernel{path: path, ksyms: new(symtab.KernelSymbols)}
}

// OpenSpec returns a Kernel for the BTF spec returns, which it calls on
// the first lookup, and the kernel symbols ks holds (nil: its own): BTF
// and symbols read by others (providers.System.KernelBTF, a run's
// stacks), so that one run reads each once.
func OpenSpec(spec func() (*kbtf.Spec, error), ks *symtab.KernelSymbols) *Kernel {
	if ks == nil {
		ks = new(symtab.KernelSymbols)
	}
	return &Kernel{path: DefaultPath, spec: spec, ksyms: ks}
}

// load maps and indexes the BTF, once.
func (k *Kernel) load() bool {
	k.loadOnce.Do(func() {
		if k.spec != nil {
			var s *kbtf.Spec
			if s, k.err = k.spec(); k.err == nil {
				k.raw = &raw{s}
			}
		} else {
			k.raw, k.err = loadRaw(k.path)
		}
		if k.err == nil {
			k.conv = newConverter(k.raw)
		}
	})
	return k.raw != nil
}

// Err returns the error that loading the BTF met, if any; it loads the
// BTF if no lookup has yet.
func (k *Kernel) Err() error {
	k.load()
	return k.err
}

// Type returns the struct, union or enum with the given tag (kind
// "struct", "union" or "enum") or the typedef with the given name (kind
// "typedef"), or nil when the kernel has none. A struct or union returned
// is complete (unless the kernel has only a forward declaration of it),
// and so is every record it holds by value; records it points to may be
// shells that a later Type call for their tag completes in place.
func (k *Kernel) Type(kind, name string) *types.Type {
	if name == "" || !k.load() {
		return nil
	}
	var ns kbtf.Kind
	switch kind {
	case "struct":
		ns = nsStruct
	case "union":
		ns = nsUnion
	case "enum":
		ns = nsEnum
	case "typedef":
		ns = nsTypedef
	default:
		return nil
	}
	id, ok := k.raw.lookup(ns, name)
	k.mu.Lock()
	defer k.mu.Unlock()
	conv := k.conv
	if !ok {
		// A module's type, of a module whose BTF TypeOf has read: the
		// types of its functions' arguments, which a program's member
		// offsets are relocated against.
		for spec, mc := range k.mods {
			if id, ok = spec.TypeByName(ns, name); ok {
				conv = mc
				break
			}
		}
		if !ok {
			return nil
		}
	}
	t := conv.typ(id)
	conv.fillValue(t)
	if ns == nsStruct || ns == nsUnion {
		for _, d := range conv.dups[kind+" "+name] {
			conv.fillValue(d)
		}
	}
	return t
}

// TypeOf returns the D type of the BTF type id of spec: the kernel's BTF
// (a Spec of the same file as the one k reads: the ids are the same) or a
// kernel module's split BTF over it, whose ids below its own are the
// kernel's. It returns nil when k has no BTF. Records are complete as
// Type's are; a module's records are typed as the kernel's are, and found
// by their tags by Type once TypeOf has met their module.
func (k *Kernel) TypeOf(spec *kbtf.Spec, id kbtf.TypeID) *types.Type {
	if spec == nil || !k.load() {
		return nil
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	conv := k.conv
	if first, _ := spec.IDs(); spec.Base() != nil && id >= first {
		conv = k.mods[spec]
		if conv == nil {
			conv = newConverter(&raw{spec})
			conv.base, conv.first = k.conv, first
			if k.mods == nil {
				k.mods = map[*kbtf.Spec]*converter{}
			}
			k.mods[spec] = conv
		}
	}
	t := conv.typ(id)
	conv.fillValue(t)
	return t
}

// Complete completes t in place if it is a shell of a kernel struct or
// union made by this Kernel, and reports whether t is now complete. It
// serves records that have no tag to be looked up by.
func (k *Kernel) Complete(t *types.Type) bool {
	if t == nil || !k.load() {
		return false
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if id, ok := k.conv.recIDs[t]; ok {
		k.conv.fill(t, id)
	}
	return t.Complete
}
