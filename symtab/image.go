package symtab

import (
	"cmp"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Image is an ELF object opened to place probes in it: every function its
// symbol tables define, with sizes and types, its loadable segments (which
// turn link-time addresses into the file offsets uprobes are placed at),
// its code, where the implementations its IFUNCs chose are stored, and its
// SystemTap SDT probes (SDTProbes). Unlike Object, which keeps one name per
// address to symbolize addresses, an Image keeps every name.
//
// An Image holds its file open until Close. It reads its symbols when
// first asked for them. It is not safe for concurrent use.
type Image struct {
	// BuildID is the object's GNU build ID in hex, "" if it has none.
	BuildID string
	// Go reports whether the object is a Go program (it has a Go
	// function table, .gopclntab).
	Go bool

	f        *elf.File
	name     string
	debugDir string
	read     bool // funcs and byName are read
	funcs    []Func
	byName   map[string][]int // indexes into funcs
	goFuncs  map[uint64]bool  // entries of the Go function table
	syms     map[string]uint64
	symsErr  error
	relas    []rela
	// irelative and gotByName index the relocations IFuncSlots finds.
	irelative map[uint64][]uint64
	gotByName map[string][]uint64
	// segs caches the bytes of the PT_LOAD segments Code read, by index.
	segs map[int][]byte
}

// Func is a function symbol of an Image.
type Func struct {
	Name  string
	Value uint64 // its link-time address
	Size  uint64
	// IFunc says the symbol is an STT_GNU_IFUNC: Value is its resolver,
	// which returns the address of the implementation the process uses.
	IFunc bool
	// Dynamic says the symbol is in .dynsym only: a program's full symbol
	// table (.symtab, or the debug file's or .gnu_debugdata's) does not
	// have it.
	Dynamic bool
	global  bool
	weak    bool
}

// OpenImage opens the ELF object at path and reads its function symbols
// as OpenObject does: .symtab, .dynsym, .gnu_debugdata, the separate debug
// file when there is no .symtab, and a Go program's function table when
// there is none either.
func OpenImage(path string) (*Image, error) {
	return openImage(path, path, DebugDir)
}

// OpenMappedImage opens the object a process maps from path as the process
// sees it, through the file p (a /proc/PID/map_files entry, say): a
// .gnu_debuglink debug file is looked for beside path.
func OpenMappedImage(p, path string) (*Image, error) {
	return openImage(p, path, DebugDir)
}

func openImage(p, name, debugDir string) (*Image, error) {
	f, err := elf.Open(p)
	if err != nil {
		return nil, fmt.Errorf("open object %s: %w", name, err)
	}
	im := &Image{f: f, name: name, debugDir: debugDir, BuildID: buildID(f)}
	im.Go = f.Section(".gopclntab") != nil
	return im, nil
}

// Close closes the object's file.
func (im *Image) Close() error { return im.f.Close() }

// readFuncs reads the function symbols once, sorted by address and,
// among those at one address, in the order libproc's sym_prefer ranks
// them.
func (im *Image) readFuncs() {
	if im.read {
		return
	}
	im.read = true
	debugDir := im.debugDir
	full, err := im.f.Symbols()
	hasSymtab := err == nil && len(full) > 0
	if mini := miniDebugInfo(im.f); mini != nil {
		s, _ := mini.Symbols()
		full = append(full, s...)
		mini.Close()
	}
	if !hasSymtab {
		if d := openDebugFile(im.f, im.name, im.BuildID, debugDir); d != nil {
			s, _ := d.Symbols()
			hasSymtab = len(s) > 0
			full = append(full, s...)
			d.Close()
		}
	}
	type key struct {
		v    uint64
		name string
	}
	dyn, _ := im.f.DynamicSymbols()
	seen := make(map[key]bool, len(full)+len(dyn))
	im.funcs = make([]Func, 0, len(full)+len(dyn))
	add := func(ss []elf.Symbol, dynamic bool) {
		for _, s := range ss {
			t := elf.ST_TYPE(s.Info)
			if t != elf.STT_FUNC && t != elf.STT_GNU_IFUNC || s.Section == elf.SHN_UNDEF || s.Value == 0 || s.Name == "" {
				continue
			}
			k := key{s.Value, s.Name}
			if seen[k] {
				continue
			}
			seen[k] = true
			b := elf.ST_BIND(s.Info)
			im.funcs = append(im.funcs, Func{Name: s.Name, Value: s.Value, Size: s.Size,
				IFunc: t == elf.STT_GNU_IFUNC, Dynamic: dynamic, global: b == elf.STB_GLOBAL, weak: b == elf.STB_WEAK})
		}
	}
	add(full, false)
	add(dyn, true)
	if !hasSymtab && im.Go {
		for _, s := range goFuncs(im.f) {
			k := key{s.value, s.name}
			if !seen[k] {
				seen[k] = true
				im.funcs = append(im.funcs, Func{Name: s.name, Value: s.value, Size: s.size, global: true})
			}
		}
	}
	// A total order (symbols are unique by address and name): the sort
	// need not be stable to be the same every time.
	slices.SortFunc(im.funcs, func(a, b Func) int {
		if c := cmp.Compare(a.Value, b.Value); c != 0 {
			return c
		}
		if a.Name == b.Name {
			return 0
		}
		if prefer(a.sym(), b.sym()) {
			return -1
		}
		if prefer(b.sym(), a.sym()) {
			return 1
		}
		return cmp.Compare(a.Name, b.Name)
	})
	im.byName = make(map[string][]int, len(im.funcs))
	for i, fn := range im.funcs {
		im.byName[fn.Name] = append(im.byName[fn.Name], i)
	}
}

func (fn Func) sym() sym {
	return sym{value: fn.Value, size: fn.Size, name: fn.Name, global: fn.global, weak: fn.weak}
}

// Funcs returns the object's function symbols by address; aliases (symbols
// at one address) in the order of preference Object's names follow, the
// preferred first. The slice is the Image's.
func (im *Image) Funcs() []Func {
	im.readFuncs()
	return im.funcs
}

// FuncsNamed returns the function symbols called name, those of the full
// symbol table first.
func (im *Image) FuncsNamed(name string) []Func {
	im.readFuncs()
	var out []Func
	for _, i := range im.byName[name] {
		out = append(out, im.funcs[i])
	}
	slices.SortStableFunc(out, func(a, b Func) int {
		switch {
		case a.Dynamic == b.Dynamic:
			return 0
		case b.Dynamic:
			return -1
		}
		return 1
	})
	return out
}

// Preferred returns the preferred function symbol at addr (the name Object
// gives it), and whether there is one.
func (im *Image) Preferred(addr uint64) (Func, bool) {
	im.readFuncs()
	i, ok := slices.BinarySearchFunc(im.funcs, addr, func(f Func, a uint64) int { return cmp.Compare(f.Value, a) })
	if !ok {
		return Func{}, false
	}
	return im.funcs[i], true
}

// Containing returns the function holding the link-time address addr, by
// the symbols' sizes, preferring the one that starts nearest below it.
func (im *Image) Containing(addr uint64) (Func, bool) {
	im.readFuncs()
	i, _ := slices.BinarySearchFunc(im.funcs, addr, func(f Func, a uint64) int {
		if f.Value <= a {
			return -1
		}
		return 1
	})
	for k := 0; i > 0 && k < 4*maxBack; i, k = i-1, k+1 {
		f := im.funcs[i-1]
		if f.Size > 0 && addr-f.Value < f.Size {
			// The preferred alias at that address.
			p, _ := im.Preferred(f.Value)
			if p.Size > 0 && addr-p.Value < p.Size {
				return p, true
			}
			return f, true
		}
	}
	return Func{}, false
}

// GoFunc reports whether the function at addr is one of a Go program's
// own functions (in its function table), which follow Go's register-based
// calling convention, rather than C code linked into it.
func (im *Image) GoFunc(addr uint64) bool {
	if !im.Go {
		return false
	}
	if im.goFuncs == nil {
		im.goFuncs = map[uint64]bool{}
		for _, s := range goFuncs(im.f) {
			im.goFuncs[s.value] = true
		}
	}
	return im.goFuncs[addr]
}

// Symbol returns the address of the defined symbol called name, of any
// type (a variable, for a probe argument that reads it).
func (im *Image) Symbol(name string) (uint64, bool) {
	if im.syms == nil && im.symsErr == nil {
		im.syms = map[string]uint64{}
		var all []elf.Symbol
		if s, err := im.f.Symbols(); err == nil {
			all = s
		}
		if s, err := im.f.DynamicSymbols(); err == nil {
			all = append(all, s...)
		}
		for _, s := range all {
			if s.Section == elf.SHN_UNDEF || s.Name == "" {
				continue
			}
			if _, ok := im.syms[s.Name]; !ok {
				im.syms[s.Name] = s.Value
			}
		}
	}
	v, ok := im.syms[name]
	return v, ok
}

// FileOffset converts the link-time address addr to its offset in the
// object's file, through the PT_LOAD segment holding it.
func (im *Image) FileOffset(addr uint64) (uint64, bool) {
	for _, p := range im.f.Progs {
		if p.Type == elf.PT_LOAD && addr >= p.Vaddr && addr-p.Vaddr < p.Filesz {
			return addr - p.Vaddr + p.Off, true
		}
	}
	return 0, false
}

// LinkAddr converts an offset in the object's file to its link-time
// address, through the PT_LOAD segment holding it.
func (im *Image) LinkAddr(off uint64) (uint64, bool) {
	for _, p := range im.f.Progs {
		if p.Type == elf.PT_LOAD && off >= p.Off && off-p.Off < p.Filesz {
			return p.Vaddr + off - p.Off, true
		}
	}
	return 0, false
}

// ErrNoCode is the error of Code for addresses outside the object's file.
var ErrNoCode = errors.New("no code at that address")

// Code returns the n bytes of the object's file at the link-time address
// addr.
// The segment is read whole the first time (up to maxSegment bytes, read
// in pieces beyond), as the providers read the code of thousands of
// functions. The slice is the Image's.
func (im *Image) Code(addr, n uint64) ([]byte, error) {
	for i, p := range im.f.Progs {
		if p.Type != elf.PT_LOAD || addr < p.Vaddr || addr-p.Vaddr >= p.Filesz {
			continue
		}
		off := addr - p.Vaddr
		n = min(n, p.Filesz-off)
		if p.Filesz > maxSegment {
			b := make([]byte, n)
			if _, err := p.ReadAt(b, int64(off)); err != nil && !errors.Is(err, io.EOF) {
				return nil, fmt.Errorf("read %s at %#x: %w", im.name, addr, err)
			}
			return b, nil
		}
		seg, ok := im.segs[i]
		if !ok {
			seg = make([]byte, p.Filesz)
			if _, err := p.ReadAt(seg, 0); err != nil && !errors.Is(err, io.EOF) {
				return nil, fmt.Errorf("read %s at %#x: %w", im.name, addr, err)
			}
			if im.segs == nil {
				im.segs = map[int][]byte{}
			}
			im.segs[i] = seg
		}
		return seg[off : off+n : off+n], nil
	}
	return nil, fmt.Errorf("read %s at %#x: %w", im.name, addr, ErrNoCode)
}

// maxSegment bounds the segments Code keeps in memory.
const maxSegment = 256 << 20

// x86-64 relocation types.
const (
	rX8664_64        = 1
	rX8664GlobDat    = 6
	rX8664JumpSlot   = 7
	rX8664IRelative  = 37
	relaEntrySize    = 24
	maxRelocSections = 1 << 28
)

// rela is one relocation of the object's dynamic relocation sections.
type rela struct {
	off    uint64 // the link-time address relocated
	typ    uint32
	sym    uint32 // index into .dynsym (0: none)
	addend int64
}

// readRelas reads the SHT_RELA sections that apply to the loaded image
// (.rela.dyn, .rela.plt).
func (im *Image) readRelas() []rela {
	if im.relas != nil {
		return im.relas
	}
	im.relas = []rela{}
	if im.f.Class != elf.ELFCLASS64 || im.f.Machine != elf.EM_X86_64 {
		return im.relas
	}
	for _, s := range im.f.Sections {
		if s.Type != elf.SHT_RELA || s.Flags&elf.SHF_ALLOC == 0 || s.Size > maxRelocSections {
			continue
		}
		data, err := s.Data()
		if err != nil {
			continue
		}
		for len(data) >= relaEntrySize {
			info := binary.LittleEndian.Uint64(data[8:])
			im.relas = append(im.relas, rela{
				off:    binary.LittleEndian.Uint64(data),
				typ:    uint32(info),
				sym:    uint32(info >> 32),
				addend: int64(binary.LittleEndian.Uint64(data[16:])),
			})
			data = data[relaEntrySize:]
		}
	}
	return im.relas
}

// IFuncSlots returns the link-time addresses of the words the dynamic
// loader fills with the address an IFUNC's resolver chose: the object's
// own IRELATIVE relocations of the resolver at resolver (its calls of
// the function through its PLT or GOT), and the GOT entries (GLOB_DAT,
// JUMP_SLOT, 64-bit absolute) naming a symbol called name, by which an
// object calls another's IFUNC. The caller reads them in the process's
// memory; a JUMP_SLOT still pointing into its PLT has not been bound.
func (im *Image) IFuncSlots(resolver uint64, name string) []uint64 {
	im.indexRelas()
	var out []uint64
	if resolver != 0 {
		out = append(out, im.irelative[resolver]...)
	}
	if name != "" {
		out = append(out, im.gotByName[name]...)
	}
	return out
}

// indexRelas indexes the relocations IFuncSlots looks for, once.
func (im *Image) indexRelas() {
	if im.irelative != nil {
		return
	}
	im.irelative = map[uint64][]uint64{}
	im.gotByName = map[string][]uint64{}
	var dyn []elf.Symbol
	for _, r := range im.readRelas() {
		switch r.typ {
		case rX8664IRelative:
			im.irelative[uint64(r.addend)] = append(im.irelative[uint64(r.addend)], r.off)
		case rX8664GlobDat, rX8664JumpSlot, rX8664_64:
			if r.sym == 0 || r.addend != 0 {
				continue
			}
			if dyn == nil {
				dyn, _ = im.f.DynamicSymbols()
				if dyn == nil {
					dyn = []elf.Symbol{}
				}
			}
			// debug/elf drops the null symbol at index 0.
			if i := int(r.sym) - 1; i < len(dyn) && dyn[i].Name != "" {
				im.gotByName[dyn[i].Name] = append(im.gotByName[dyn[i].Name], r.off)
			}
		}
	}
}

// PLT reports whether the link-time address addr lies in the object's
// procedure linkage table (.plt, .plt.sec, .plt.got): a lazily bound GOT
// entry points there until the first call.
func (im *Image) PLT(addr uint64) bool {
	for _, s := range im.f.Sections {
		if strings.HasPrefix(s.Name, ".plt") && addr >= s.Addr && addr-s.Addr < s.Size {
			return true
		}
	}
	return false
}
