// Package kbtf reads BTF, the kernel's description of its own types, as
// the kernel publishes it: /sys/kernel/btf/vmlinux, and for each module
// with BTF the split BTF /sys/kernel/btf/MODULE, whose type ids and
// strings continue vmlinux's.
//
// It is the one BTF reader of dtrace-go: the checker's kernel types
// (dscript/ktypes) and the providers' probe descriptions (tracepoint
// prototypes, and kernel functions for fbt) both read through it. It
// imports nothing of D or of the providers.
//
// Reading is lazy. Open maps the file (reads it where mapping is refused)
// and makes one pass over its type section that records where each type
// starts and which types are named, decoding nothing; a type is read in
// place, from the file's memory, when it is asked for, and the index of
// a name space (the struct tags, say) is built the first time a name is
// looked up in it. For a distribution kernel's 127,000 types the pass
// takes 2 to 3 ms, and converting struct task_struct for the checker
// 0.2 ms more. cilium/ebpf/btf, which copies every file but
// /sys/kernel/btf/vmlinux onto the heap and decodes a type together with
// everything it refers to, takes 15 to 20 ms to load vmlinux and 11 to
// 14 ms more to find struct task_struct (on the 2-core development VM).
//
// Only little-endian BTF is read, the byte order of every host dtrace-go
// runs on.
package kbtf

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"iter"
	"os"
	"runtime"
	"strings"
	"sync"

	"golang.org/x/sys/unix"
)

// TypeID is a type's id: its index in the BTF's types, counting from 1
// (0 is void); the ids of split BTF continue its base's.
type TypeID uint32

// Kind is a BTF type kind, numbered as the kernel's
// include/uapi/linux/btf.h numbers them.
type Kind uint8

// The kinds. KindVoid is the kind of type 0.
const (
	KindVoid Kind = iota
	KindInt
	KindPtr
	KindArray
	KindStruct
	KindUnion
	KindEnum
	KindFwd
	KindTypedef
	KindVolatile
	KindConst
	KindRestrict
	KindFunc
	KindFuncProto
	KindVar
	KindDatasec
	KindFloat
	KindDeclTag
	KindTypeTag
	KindEnum64
	kindCount
)

// ErrNotBTF is returned (wrapped) for data that does not start with a BTF
// header.
var ErrNotBTF = errors.New("not BTF")

const (
	magic      = 0xeb9f
	headerSize = 24 // struct btf_header up to str_len
	typeSize   = 12 // struct btf_type: name_off, info, size/type
)

// Spec is the types of one BTF file: vmlinux's, or a module's split BTF
// together with its base. It is safe for concurrent use.
//
// A Spec owns the memory it reads from (a mapping of the file, released
// when the Spec is collected); every string it returns is a copy.
type Spec struct {
	base  *Spec
	types []byte // the type section
	strs  []byte // the string section
	// first is the id of the first type of the type section: 1, or for
	// split BTF the first id after its base's.
	first TypeID
	// strStart is the offset of the string section's first byte in the
	// string offsets the types use: 0, or for split BTF the size of its
	// base's strings (offsets below it are the base's).
	strStart uint32
	// offs[i] is the offset in types of type first+i.
	offs []uint32
	// named holds the named types of each name space, in id order, as
	// the index pass found them (functions: as namedFuncs did):
	// definitions and declarations apart. Read it through list.
	named     [nsCount]struct{ defs, decls []TypeID }
	funcsOnce sync.Once
	// maps are the name spaces' indexes, built from named on first use:
	// the first definition of each name, else its first declaration.
	maps     [nsCount]map[string]TypeID
	mapsOnce [nsCount]sync.Once
}

// Name spaces of the index, by the kind that looks them up.
const (
	nsStruct = iota
	nsUnion
	nsEnum
	nsTypedef
	nsVar
	nsFunc
	nsCount
)

// namespace returns the name space TypeByName and Named search for kind.
func namespace(kind Kind) (int, bool) {
	switch kind {
	case KindStruct:
		return nsStruct, true
	case KindUnion:
		return nsUnion, true
	case KindEnum, KindEnum64:
		return nsEnum, true
	case KindTypedef:
		return nsTypedef, true
	case KindVar:
		return nsVar, true
	case KindFunc:
		return nsFunc, true
	}
	return 0, false
}

// Open returns the types of the BTF file at path (vmlinux's, or any BTF
// that stands alone). An error to open or read the file is returned as
// os.Open and read return it; BTF that is not well formed gives an error
// "read BTF PATH: ...".
func Open(path string) (*Spec, error) {
	return open(path, nil)
}

// OpenSplit returns the types of the split BTF file at path, whose types
// and strings continue base's: a kernel module's /sys/kernel/btf/MODULE,
// with vmlinux's Spec as base. Errors are as Open's.
func OpenSplit(path string, base *Spec) (*Spec, error) {
	if base == nil {
		return nil, errors.New("open split BTF: no base")
	}
	return open(path, base)
}

func open(path string, base *Spec) (*Spec, error) {
	data, unmap, err := readFile(path)
	if err != nil {
		return nil, err
	}
	s, err := parse(data, base)
	if err != nil {
		if unmap != nil {
			unmap()
		}
		return nil, fmt.Errorf("read BTF %s: %w", path, err)
	}
	if unmap != nil {
		// Nothing outside s points into the mapping (strings are
		// copied out), so it may go when s does.
		runtime.AddCleanup(s, func(b []byte) { unix.Munmap(b) }, data)
	}
	return s, nil
}

// Parse returns the types of BTF data held in memory; base is nil for
// BTF that stands alone, the Spec of the base for split BTF. The Spec
// reads data in place: data must not change while the Spec is in use.
func Parse(data []byte, base *Spec) (*Spec, error) {
	return parse(data, base)
}

// readFile maps the file read-only where the file system allows it
// (sysfs BTF files do on recent kernels), and reads it otherwise. A
// mapping costs nothing up front: only the pages the index pass and the
// types asked for touch are read. unmap, nil for a file read, releases
// the mapping.
func readFile(path string) (data []byte, unmap func(), err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	size := fi.Size()
	if size > 0 && size < 1<<31 {
		if b, err := unix.Mmap(int(f.Fd()), 0, int(size), unix.PROT_READ, unix.MAP_PRIVATE); err == nil {
			return b, func() { unix.Munmap(b) }, nil
		}
	}
	// Not mappable, or of no size (some pseudo-files): read to the end,
	// in one read when the size is right.
	var buf bytes.Buffer
	if size > 0 && size < 1<<31 {
		buf.Grow(int(size) + bytes.MinRead)
	}
	if _, err := buf.ReadFrom(f); err != nil {
		return nil, nil, err
	}
	return buf.Bytes(), nil, nil
}

// le32 reads a little-endian uint32 at off.
func le32(b []byte, off uint32) uint32 { return binary.LittleEndian.Uint32(b[off:]) }

// parse checks the header and indexes the type section: where each type
// starts and which are named. It decodes nothing but the fixed part of
// each type.
func parse(d []byte, base *Spec) (*Spec, error) {
	if len(d) < headerSize || binary.LittleEndian.Uint16(d) != magic {
		if len(d) >= 2 && binary.BigEndian.Uint16(d) == magic {
			return nil, errors.New("big-endian BTF is not supported")
		}
		return nil, ErrNotBTF
	}
	hdrLen := uint64(le32(d, 4))
	typeOff, typeLen := uint64(le32(d, 8)), uint64(le32(d, 12))
	strOff, strLen := uint64(le32(d, 16)), uint64(le32(d, 20))
	end := uint64(len(d))
	if hdrLen < headerSize || hdrLen+typeOff+typeLen > end || hdrLen+strOff+strLen > end {
		return nil, errors.New("sections out of bounds")
	}
	s := &Spec{
		base:  base,
		types: d[hdrLen+typeOff : hdrLen+typeOff+typeLen],
		strs:  d[hdrLen+strOff : hdrLen+strOff+strLen],
		first: 1,
	}
	if base != nil {
		s.first = base.end()
		s.strStart = base.strEnd()
	}

	ts := s.types
	n := uint32(len(ts))
	// Room for as many types as the section could hold (a type takes at
	// least typeSize bytes; vmlinux's take 25 on average): memory fresh
	// from the system past the types found is never touched, where
	// growing the slice as it fills would copy it, each page touched a
	// page fault.
	offs := make([]uint32, 0, n/typeSize+1)
	if uint64(s.first)+uint64(n/typeSize) > 1<<32-1 {
		return nil, errors.New("too many types")
	}
	off := uint32(0)
	for off+typeSize <= n {
		id := s.first + TypeID(len(offs))
		offs = append(offs, off)
		w := binary.LittleEndian.Uint64(ts[off:])
		nameOff, info := uint32(w), uint32(w>>32)
		kind := info >> 24 & 0x1f
		vlen := info & 0xffff
		tail := tails[kind]
		if tail.unknown {
			return nil, fmt.Errorf("type %d has unknown kind %d", id, kind)
		}
		if nameOff != 0 {
			switch Kind(kind) {
			case KindStruct:
				s.named[nsStruct].defs = append(s.named[nsStruct].defs, id)
			case KindUnion:
				s.named[nsUnion].defs = append(s.named[nsUnion].defs, id)
			case KindEnum, KindEnum64:
				if vlen > 0 {
					s.named[nsEnum].defs = append(s.named[nsEnum].defs, id)
				} else {
					s.named[nsEnum].decls = append(s.named[nsEnum].decls, id)
				}
			case KindFwd:
				if info&(1<<31) != 0 {
					s.named[nsUnion].decls = append(s.named[nsUnion].decls, id)
				} else {
					s.named[nsStruct].decls = append(s.named[nsStruct].decls, id)
				}
			case KindTypedef:
				s.named[nsTypedef].defs = append(s.named[nsTypedef].defs, id)
			case KindVar:
				s.named[nsVar].defs = append(s.named[nsVar].defs, id)
			}
			// Functions (half the names of vmlinux) are listed by
			// namedFuncs when first asked for: compiling D needs none.
		}
		off += typeSize + tail.fixed + tail.per*vlen
	}
	if off != n {
		return nil, errors.New("type section truncated")
	}
	s.offs = offs
	return s, nil
}

// namedFuncs lists the functions of s in named[nsFunc], once.
func (s *Spec) namedFuncs() {
	s.funcsOnce.Do(func() {
		// Room for every type, as parse's offs: about half of
		// vmlinux's named types are functions.
		ids := make([]TypeID, 0, len(s.offs))
		for i, off := range s.offs {
			if Kind(le32(s.types, off+4)>>24&0x1f) == KindFunc && le32(s.types, off) != 0 {
				ids = append(ids, s.first+TypeID(i))
			}
		}
		s.named[nsFunc].defs = ids
	})
}

// list returns the named types of name space ns, in id order:
// definitions and declarations.
func (s *Spec) list(ns int) (defs, decls []TypeID) {
	if ns == nsFunc {
		s.namedFuncs()
	}
	n := &s.named[ns]
	return n.defs, n.decls
}

// tails gives, by kind, the size of what follows a type's fixed part: a
// fixed number of bytes plus so many per vlen entry.
var tails = func() (t [32]struct {
	fixed, per uint32
	unknown    bool
}) {
	for k := range t {
		t[k].unknown = k == int(KindVoid) || k >= int(kindCount)
	}
	set := func(fixed, per uint32, kinds ...Kind) {
		for _, k := range kinds {
			t[k].fixed, t[k].per = fixed, per
		}
	}
	set(4, 0, KindInt, KindVar, KindDeclTag)
	set(12, 0, KindArray)
	set(0, 12, KindStruct, KindUnion, KindEnum64, KindDatasec)
	set(0, 8, KindEnum, KindFuncProto)
	return t
}()

// end returns the id after s's last type.
func (s *Spec) end() TypeID { return s.first + TypeID(len(s.offs)) }

// strEnd returns the string offset after s's last string.
func (s *Spec) strEnd() uint32 { return s.strStart + uint32(len(s.strs)) }

// Base returns the Spec split BTF continues, or nil.
func (s *Spec) Base() *Spec { return s.base }

// IDs returns the range of ids of s's own types, [first, end): from 1
// for BTF that stands alone, from the end of its base's for split BTF.
func (s *Spec) IDs() (first, end TypeID) { return s.first, s.end() }

// str returns the string at offset off, in the memory of the file: valid
// as long as s is, for s's own use (name maps, comparisons) only.
func (s *Spec) str(off uint32) string {
	for s.base != nil && off < s.strStart {
		s = s.base
	}
	off -= s.strStart
	if off >= uint32(len(s.strs)) {
		return ""
	}
	b := s.strs[off:]
	if i := bytes.IndexByte(b, 0); i >= 0 {
		b = b[:i]
	}
	return unsafeString(b)
}

// TypeByName returns the id of the type called name among s's own types
// (not its base's) in the name space of kind: KindStruct (structs, and
// forward declarations of structs), KindUnion (unions and theirs),
// KindEnum (enums of either size, and enums without enumerators, which
// declare them), KindTypedef, KindVar or KindFunc. Of several, it is the
// first definition, else the first declaration, in id order.
func (s *Spec) TypeByName(kind Kind, name string) (TypeID, bool) {
	ns, ok := namespace(kind)
	if !ok || name == "" {
		return 0, false
	}
	s.mapsOnce[ns].Do(func() {
		defs, decls := s.list(ns)
		m := make(map[string]TypeID, len(defs)+len(decls))
		// Backwards, so that the first of a name wins; definitions
		// last, so that they win over declarations.
		for _, list := range [][]TypeID{decls, defs} {
			for i := len(list) - 1; i >= 0; i-- {
				id := list[i]
				m[s.str(le32(s.types, s.offs[id-s.first]))] = id
			}
		}
		s.maps[ns] = m
	})
	id, ok := s.maps[ns][name]
	return id, ok
}

// Named yields, in id order, the named types among s's own in the name
// space of kind (as TypeByName's) whose names begin with prefix, with
// their names; definitions first, then declarations.
func (s *Spec) Named(kind Kind, prefix string) iter.Seq2[TypeID, string] {
	return func(yield func(TypeID, string) bool) {
		ns, ok := namespace(kind)
		if !ok {
			return
		}
		defs, decls := s.list(ns)
		for _, list := range [][]TypeID{defs, decls} {
			for _, id := range list {
				name := s.str(le32(s.types, s.offs[id-s.first]))
				if !strings.HasPrefix(name, prefix) {
					continue
				}
				if !yield(id, cloneString(name)) {
					return
				}
			}
		}
	}
}

// Names returns, in id order, the ids and names of the named types among
// s's own in the name space of kind (as Named's, definitions first). The
// names are copies that share one allocation: listing vmlinux's 56,000
// functions makes two allocations, not 56,000.
func (s *Spec) Names(kind Kind) ([]TypeID, []string) {
	ns, ok := namespace(kind)
	if !ok {
		return nil, nil
	}
	defs, decls := s.list(ns)
	n := len(defs) + len(decls)
	ids := make([]TypeID, 0, n)
	size := 0
	for _, list := range [][]TypeID{defs, decls} {
		for _, id := range list {
			size += len(s.str(le32(s.types, s.offs[id-s.first])))
			ids = append(ids, id)
		}
	}
	arena := make([]byte, 0, size)
	names := make([]string, len(ids))
	for i, id := range ids {
		start := len(arena)
		arena = append(arena, s.str(le32(s.types, s.offs[id-s.first]))...)
		names[i] = unsafeString(arena[start:len(arena):len(arena)])
	}
	return ids, names
}

// Type returns type id, of s or of its base; false when there is no
// such type (a dangling reference in damaged BTF). Type 0 is void.
func (s *Spec) Type(id TypeID) (Type, bool) {
	if id == 0 {
		return Type{}, true
	}
	for id < s.first {
		if s.base == nil {
			return Type{}, false
		}
		s = s.base
	}
	i := id - s.first
	if i >= TypeID(len(s.offs)) {
		return Type{}, false
	}
	return Type{s: s, id: id, off: s.offs[i]}, true
}
