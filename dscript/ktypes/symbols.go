package ktypes

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/dtrace-go/dtrace/dscript/types"
	"github.com/dtrace-go/dtrace/internal/kbtf"
	"github.com/dtrace-go/dtrace/symtab"
)

// Kernel variables and their types.
//
// DTrace types a kernel symbol from the variable records of the kernel's
// CTF, and refuses a symbol it has no type for ("no symbolic type
// information is available for ..."): it never guesses int. BTF, as
// kernels emit it today, has variable records (VAR) only for per-CPU
// variables, so a Linux DTrace built on BTF would know the types of
// almost no globals. Symbol therefore answers, in order:
//
//  1. from a BTF VAR of that name (per-CPU variables, and every global on
//     kernels whose BTF was built with pahole's global_var feature);
//  2. from wellKnown: a few globals that scripts commonly read and whose
//     declarations have been stable for years, typed with the kernel's
//     own BTF types;
//  3. not at all: a symbol with no type is refused by the checker, as
//     DTrace refuses one (D_SYM_NOTYPES when the kernel lists it, which
//     Listed says).
//
// Address, which code generation needs, comes from /proc/kallsyms. Kernels
// built without CONFIG_KALLSYMS_ALL list only functions there, so a
// variable may have a type here and yet no address.
// A per-CPU variable's address there is an offset in each CPU's per-CPU
// area (PerCPU tells them).

// wellKnown gives the declarations of common kernel globals, in the C
// spelling that declType understands.
var wellKnown = map[string]string{
	"jiffies":         "volatile unsigned long",
	"jiffies_64":      "u64",
	"max_pfn":         "unsigned long",
	"max_low_pfn":     "unsigned long",
	"min_low_pfn":     "unsigned long",
	"nr_cpu_ids":      "unsigned int",
	"nr_threads":      "int",
	"total_forks":     "unsigned long",
	"avenrun":         "unsigned long [3]",
	"_totalram_pages": "atomic_long_t",
	"system_state":    "enum system_states",
	"init_task":       "struct task_struct",
	"init_mm":         "struct mm_struct",
	"init_uts_ns":     "struct uts_namespace",
	"init_pid_ns":     "struct pid_namespace",
	// linux_banner is declared "const char linux_banner[]", its size
	// the banner's, which BTF does not give: it is read as a string
	// (what a char array is to D), up to its NUL.
	"linux_banner": "const char [256]",
}

// Symbol returns the type of the kernel variable name, and whether it has
// one. It does not read /proc/kallsyms.
func (k *Kernel) Symbol(name string) (*types.Type, bool) {
	if name == "" || !k.load() {
		return nil, false
	}
	if id, ok := k.raw.lookup(nsVar, name); ok {
		k.mu.Lock()
		t := k.conv.typ(id)
		k.conv.fillValue(t)
		k.mu.Unlock()
		return t, true
	}
	if decl, ok := wellKnown[name]; ok {
		if t := k.declType(decl); t != nil {
			return t, true
		}
	}
	return nil, false
}

// declType resolves a C type spelling of the simple forms wellKnown uses:
// qualifiers, then a C integer type, a "struct/union/enum tag" or a
// typedef name, then an optional "*" and an optional "[n]".
func (k *Kernel) declType(decl string) *types.Type {
	words := strings.Fields(decl)
	var q types.Qual
	for len(words) > 0 {
		if words[0] == "const" {
			q |= types.Const
		} else if words[0] == "volatile" {
			q |= types.Volatile
		} else {
			break
		}
		words = words[1:]
	}
	var suffix []string
	for i, w := range words {
		if w == "*" || strings.HasPrefix(w, "[") {
			words, suffix = words[:i], words[i:]
			break
		}
	}
	var t *types.Type
	switch {
	case len(words) == 2 && (words[0] == "struct" || words[0] == "union" || words[0] == "enum"):
		t = k.Type(words[0], words[1])
	case len(words) == 1 && cInts[words[0]] == nil:
		t = k.Type("typedef", words[0])
	default:
		t = cInts[strings.Join(words, " ")]
	}
	if t == nil {
		return nil
	}
	t = types.WithQual(t, q)
	for _, s := range suffix {
		if s == "*" {
			t = types.PointerTo(t)
			continue
		}
		var n int64
		for _, c := range strings.Trim(s, "[]") {
			n = n*10 + int64(c-'0')
		}
		t = types.ArrayOf(t, n)
	}
	return t
}

// Address returns the address of the kernel (vmlinux) symbol name, of any
// kind (a function, a variable, a per-CPU variable's offset), from the
// kernel's symbols (symtab.Kernel.Address), which are read from
// /proc/kallsyms on the first call. It reports false when the symbol is
// not listed, or when addresses are hidden (kptr_restrict and no privilege
// show them all as zero).
func (k *Kernel) Address(name string) (uint64, bool) {
	syms, err := k.ksyms.Get()
	if err != nil {
		return 0, false
	}
	return syms.Address(name)
}

// OpenWithSymbols is Open with the kernel's symbols taken from ks (read
// when an address is first asked for), which the caller may share with
// others that need them, a stack printer for one, so that /proc/kallsyms
// is read at most once.
func OpenWithSymbols(path string, ks *symtab.KernelSymbols) *Kernel {
	k := Open(path)
	k.ksyms = ks
	return k
}

// perCPUSection is the data section of the kernel's per-CPU variables.
const perCPUSection = ".data..percpu"

// PerCPU reports whether the kernel variable name is a per-CPU variable:
// one BTF places in the per-CPU data section. Its address in
// /proc/kallsyms is then an offset from each CPU's per-CPU area, not an
// address (this CPU's copy is at that offset plus __per_cpu_offset[cpu],
// as the kernel's this_cpu_ptr computes it).
func (k *Kernel) PerCPU(name string) bool {
	if name == "" || !k.load() {
		return false
	}
	id, ok := k.raw.lookup(nsVar, name)
	if !ok {
		return false
	}
	k.perCPUOnce.Do(func() {
		first, end := k.raw.IDs()
		for i := first; i < end; i++ {
			t, ok := k.raw.Type(i)
			if !ok || t.Kind() != kbtf.KindDatasec || !t.HasName(perCPUSection) {
				continue
			}
			k.perCPU = make(map[kbtf.TypeID]bool, t.Vlen())
			for j := range t.Vlen() {
				k.perCPU[t.Var(j).Var] = true
			}
			return
		}
	})
	return k.perCPU[id]
}

// Listed reports whether the kernel has a module called module (vmlinux,
// or "" for the core kernel, always; another when it is loaded: its BTF is
// published, or sysfs shows it loaded), and whether /proc/kallsyms lists
// the symbol name in the core kernel. It is what says why a symbol Symbol
// does not know cannot be used: an unknown module, a symbol the kernel
// lists but BTF does not type, or no such symbol. Symbols of modules are
// not searched.
func (k *Kernel) Listed(module, name string) (moduleOK, listed bool) {
	if module != "" && module != "vmlinux" {
		if _, err := os.Stat(filepath.Join(filepath.Dir(k.path), module)); err == nil {
			return true, false
		}
		_, err := os.Stat(filepath.Join(k.sysDir(), "module", module, "initstate"))
		return err == nil, false
	}
	_, ok := k.Address(name)
	return true, ok
}

// sysDir is where sysfs is mounted.
func (k *Kernel) sysDir() string {
	if k.ksyms != nil && k.ksyms.Sys != "" {
		return k.ksyms.Sys
	}
	return symtab.SysPath
}
