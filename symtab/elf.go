package symtab

import (
	"bytes"
	"debug/elf"
	"debug/gosym"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"

	"github.com/ulikunitz/xz"
)

// DebugDir is where separate debug information files are looked for
// (.build-id/NN/REST.debug, or the .gnu_debuglink name under the object's
// directory), as GDB does.
const DebugDir = "/usr/lib/debug"

// Object is the symbol table of one ELF object (an executable or a shared
// library), in the object's own address space (its link-time addresses).
type Object struct {
	// BuildID is the object's GNU build ID in hex, "" if it has none.
	BuildID string
	syms    *table
	loads   []segment
	soname  string   // its DT_SONAME
	needed  []string // its DT_NEEDED libraries
}

// segment is a PT_LOAD segment: file bytes [off, off+filesz) are mapped at
// link-time address vaddr.
type segment struct {
	off, filesz, vaddr uint64
}

// OpenObject reads the function symbols of the ELF object at path: its
// .symtab, its .dynsym, the mini debug information of .gnu_debugdata (an
// xz-compressed ELF object holding a .symtab), and, when the object has no
// .symtab, the separate debug file its build ID or .gnu_debuglink names
// under DebugDir, else a Go program's function table (.gopclntab).
func OpenObject(path string) (*Object, error) {
	return openObject(path, path, DebugDir, nil)
}

// openObject opens the object at p, whose path in its process is name
// (where a .gnu_debuglink file is looked for). When cached returns an
// object for its build ID, that is returned instead of reading the
// symbols again.
func openObject(p, name, debugDir string, cached func(id string) *Object) (*Object, error) {
	f, err := elf.Open(p)
	if err != nil {
		return nil, fmt.Errorf("open object %s: %w", name, err)
	}
	defer f.Close()
	return newObject(f, name, debugDir, cached), nil
}

// newObject reads the object f as openObject does.
func newObject(f *elf.File, name, debugDir string, cached func(id string) *Object) *Object {
	o := &Object{BuildID: buildID(f)}
	if cached != nil && o.BuildID != "" {
		if c := cached(o.BuildID); c != nil {
			return c
		}
	}
	for _, p := range f.Progs {
		if p.Type == elf.PT_LOAD {
			o.loads = append(o.loads, segment{off: p.Off, filesz: p.Filesz, vaddr: p.Vaddr})
		}
	}
	if so, err := f.DynString(elf.DT_SONAME); err == nil && len(so) > 0 {
		o.soname = so[0]
	}
	o.needed, _ = f.ImportedLibraries()
	var syms []sym
	symtab, err := f.Symbols()
	hasSymtab := err == nil && len(symtab) > 0
	syms = appendFuncs(syms, symtab)
	dyn, _ := f.DynamicSymbols()
	syms = appendFuncs(syms, dyn)
	if mini := miniDebugInfo(f); mini != nil {
		s, _ := mini.Symbols()
		syms = appendFuncs(syms, s)
		mini.Close()
	}
	if !hasSymtab {
		if d := openDebugFile(f, name, o.BuildID, debugDir); d != nil {
			s, _ := d.Symbols()
			hasSymtab = len(s) > 0
			syms = appendFuncs(syms, s)
			d.Close()
		}
	}
	if !hasSymtab {
		syms = append(syms, goFuncs(f)...)
	}
	o.syms = newTable(dedupe(syms))
	return o
}

// goFuncs returns the functions of a Go program's function table
// (.gopclntab), which stripping (go build -ldflags=-s) leaves in place.
func goFuncs(f *elf.File) []sym {
	pcln, text := f.Section(".gopclntab"), f.Section(".text")
	if pcln == nil || text == nil {
		return nil
	}
	data, err := pcln.Data()
	if err != nil {
		return nil
	}
	tab, err := gosym.NewTable(nil, gosym.NewLineTable(data, text.Addr))
	if err != nil {
		return nil
	}
	syms := make([]sym, 0, len(tab.Funcs))
	for _, fn := range tab.Funcs {
		if fn.End > fn.Entry && fn.Name != "" {
			syms = append(syms, sym{value: fn.Entry, size: fn.End - fn.Entry, name: fn.Name, global: true})
		}
	}
	return syms
}

// appendFuncs appends the defined function symbols of ss.
func appendFuncs(dst []sym, ss []elf.Symbol) []sym {
	for _, s := range ss {
		t := elf.ST_TYPE(s.Info)
		if t != elf.STT_FUNC && t != elf.STT_GNU_IFUNC || s.Section == elf.SHN_UNDEF || s.Value == 0 || s.Name == "" {
			continue
		}
		b := elf.ST_BIND(s.Info)
		dst = append(dst, sym{value: s.Value, size: s.Size, name: s.Name, global: b == elf.STB_GLOBAL, weak: b == elf.STB_WEAK})
	}
	return dst
}

// dedupe drops the symbols listed twice (in .symtab and .dynsym).
func dedupe(ss []sym) []sym {
	type key struct {
		v    uint64
		name string
	}
	seen := make(map[key]bool, len(ss))
	out := ss[:0]
	for _, s := range ss {
		k := key{s.value, s.name}
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, s)
	}
	return out
}

// buildID returns the object's NT_GNU_BUILD_ID note in hex, or "".
func buildID(f *elf.File) string {
	for _, s := range f.Sections {
		if s.Type != elf.SHT_NOTE {
			continue
		}
		data, err := s.Data()
		if err != nil {
			continue
		}
		if id := findBuildID(data, f.ByteOrder); id != "" {
			return id
		}
	}
	for _, p := range f.Progs {
		if p.Type != elf.PT_NOTE {
			continue
		}
		data := make([]byte, min(p.Filesz, 1<<16))
		if _, err := p.ReadAt(data, 0); err != nil && !errors.Is(err, io.EOF) {
			continue
		}
		if id := findBuildID(data, f.ByteOrder); id != "" {
			return id
		}
	}
	return ""
}

// findBuildID scans ELF notes for the GNU build ID.
func findBuildID(data []byte, bo interface{ Uint32([]byte) uint32 }) string {
	for len(data) >= 12 {
		namesz, descsz, typ := bo.Uint32(data), bo.Uint32(data[4:]), bo.Uint32(data[8:])
		nameEnd := 12 + align4(uint64(namesz))
		descEnd := nameEnd + align4(uint64(descsz))
		if descEnd > uint64(len(data)) {
			return ""
		}
		name := data[12 : 12+namesz]
		if typ == 3 && bytes.Equal(name, []byte("GNU\x00")) { // NT_GNU_BUILD_ID
			return hex.EncodeToString(data[nameEnd : nameEnd+uint64(descsz)])
		}
		data = data[descEnd:]
	}
	return ""
}

func align4(n uint64) uint64 { return (n + 3) &^ 3 }

// maxMiniDebugInfo bounds the decompressed size of .gnu_debugdata.
const maxMiniDebugInfo = 256 << 20

// miniDebugInfo opens the ELF object compressed in .gnu_debugdata, or
// returns nil.
func miniDebugInfo(f *elf.File) *elf.File {
	s := f.Section(".gnu_debugdata")
	if s == nil || s.Type == elf.SHT_NOBITS {
		return nil
	}
	data, err := s.Data()
	if err != nil {
		return nil
	}
	r, err := xz.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil
	}
	raw, err := io.ReadAll(io.LimitReader(r, maxMiniDebugInfo))
	if err != nil {
		return nil
	}
	mini, err := elf.NewFile(bytes.NewReader(raw))
	if err != nil {
		return nil
	}
	return mini
}

// openDebugFile opens the separate debug file of f (at path): by build ID
// (debugDir/.build-id/NN/REST.debug, which must carry the same build ID),
// else by .gnu_debuglink's name in the object's directory, its .debug
// subdirectory, or under debugDir, which must match the link's CRC.
func openDebugFile(f *elf.File, path, id, debugDir string) *elf.File {
	if len(id) > 2 {
		p := filepath.Join(debugDir, ".build-id", id[:2], id[2:]+".debug")
		if d, err := elf.Open(p); err == nil {
			if buildID(d) == id {
				return d
			}
			d.Close()
		}
	}
	s := f.Section(".gnu_debuglink")
	if s == nil {
		return nil
	}
	data, err := s.Data()
	if err != nil {
		return nil
	}
	nul := bytes.IndexByte(data, 0)
	if nul <= 0 {
		return nil
	}
	name := string(data[:nul])
	crcOff := align4(uint64(nul + 1))
	if crcOff+4 > uint64(len(data)) || filepath.Base(name) != name {
		return nil
	}
	crc := f.ByteOrder.Uint32(data[crcOff:])
	dir := filepath.Dir(path)
	if real, err := filepath.EvalSymlinks(path); err == nil {
		dir = filepath.Dir(real)
	}
	for _, p := range []string{
		filepath.Join(dir, name),
		filepath.Join(dir, ".debug", name),
		filepath.Join(debugDir, dir, name),
	} {
		if p == path {
			continue
		}
		if fileCRC(p) != crc {
			continue
		}
		if d, err := elf.Open(p); err == nil {
			return d
		}
	}
	return nil
}

// fileCRC is the CRC-32 .gnu_debuglink records of the file at p (0 if it
// cannot be read).
func fileCRC(p string) uint32 {
	fh, err := os.Open(p)
	if err != nil {
		return 0
	}
	defer fh.Close()
	h := crc32.NewIEEE()
	if _, err := io.Copy(h, fh); err != nil {
		return 0
	}
	return h.Sum32()
}

// linkAddr converts an offset in the object's file to its link-time
// address, through the PT_LOAD segment holding it.
func (o *Object) linkAddr(off uint64) (uint64, bool) {
	for _, s := range o.loads {
		if off >= s.off && off-s.off < s.filesz {
			return s.vaddr + off - s.off, true
		}
	}
	return 0, false
}

// Lookup returns the function holding the link-time address addr: its
// name and start address.
func (o *Object) Lookup(addr uint64) (name string, start uint64, ok bool) {
	s, ok := o.syms.lookup(addr)
	return s.name, s.value, ok
}

// Len returns the number of function symbols the object has.
func (o *Object) Len() int { return len(o.syms.syms) }

// DebugFile opens the separate debug file of object f (at path, of build
// ID id in hex, "" when it has none) under DebugDir: by build ID, else by
// its .gnu_debuglink. Nil when there is none. The caller closes it.
func DebugFile(f *elf.File, path, id string) *elf.File {
	return openDebugFile(f, path, id, DebugDir)
}

// BuildID returns object f's GNU build ID in hex, "" when it has none.
func BuildID(f *elf.File) string { return buildID(f) }
