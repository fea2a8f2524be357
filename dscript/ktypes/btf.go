package ktypes

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"syscall"
	"unsafe"
)

// BTF kinds, as numbered by the kernel's include/uapi/linux/btf.h.
const (
	kindUnknown  = 0
	kindInt      = 1
	kindPtr      = 2
	kindArray    = 3
	kindStruct   = 4
	kindUnion    = 5
	kindEnum     = 6
	kindFwd      = 7
	kindTypedef  = 8
	kindVolatile = 9
	kindConst    = 10
	kindRestrict = 11
	kindFunc     = 12
	kindProto    = 13
	kindVar      = 14
	kindDatasec  = 15
	kindFloat    = 16
	kindDeclTag  = 17
	kindTypeTag  = 18
	kindEnum64   = 19
)

const (
	btfMagic     = 0xeb9f
	btfTypeSize  = 12 // struct btf_type: name_off, info, size/type
	btfHeaderMin = 24
)

// raw is a BTF blob with an offset table of its types: enough to decode
// any type by id without having decoded the others.
type raw struct {
	data  []byte // the whole blob (mapped or read)
	types []byte // the type section
	strs  []byte // the string section
	// offs[id] is the offset of type id in types; offs[0] is unused (void).
	offs []uint32
	// The named types of each name space (nsStruct...), in id order, as
	// the scan found them: definitions and declarations apart.
	named [nsCount]struct{ defs, decls []uint32 }
	// The name maps, built from named on first use: the first definition
	// of each name, else its first declaration.
	maps     [nsCount]map[string]uint32
	mapsOnce [nsCount]sync.Once
	// mapped: data must be unmapped rather than left to the collector.
	mapped bool
}

// Name spaces of the index.
const (
	nsStruct = iota
	nsUnion
	nsEnum
	nsTypedef
	nsVar
	nsCount
)

// lookup returns the id of the type called name in name space ns.
func (r *raw) lookup(ns int, name string) (uint32, bool) {
	r.mapsOnce[ns].Do(func() {
		n := &r.named[ns]
		m := make(map[string]uint32, len(n.defs)+len(n.decls))
		// Backwards, so that the first of a name wins; definitions last,
		// so that they win over declarations.
		for _, list := range [][]uint32{n.decls, n.defs} {
			for i := len(list) - 1; i >= 0; i-- {
				id := list[i]
				m[r.str(le32(r.types, r.offs[id]))] = id
			}
		}
		r.maps[ns] = m
	})
	id, ok := r.maps[ns][name]
	return id, ok
}

// loadRaw maps (or, where mapping is refused, reads) the BTF file at path
// and indexes it.
func loadRaw(path string) (*raw, error) {
	data, mapped, err := readBlob(path)
	if err != nil {
		return nil, err
	}
	r := &raw{data: data, mapped: mapped}
	if err := r.index(); err != nil {
		if mapped {
			syscall.Munmap(data)
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}

// readBlob maps the file read-only when the file system allows it (sysfs
// BTF files do on recent kernels) and reads it otherwise. A mapping costs
// nothing up front: only the pages the index and lookups touch are read.
func readBlob(path string) ([]byte, bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, false, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, false, err
	}
	if n := fi.Size(); n > 0 && n < 1<<31 {
		if b, err := syscall.Mmap(int(f.Fd()), 0, int(n), syscall.PROT_READ, syscall.MAP_PRIVATE); err == nil {
			return b, true, nil
		}
		b := make([]byte, n)
		if _, err := readFull(f, b); err != nil {
			return nil, false, err
		}
		return b, false, nil
	}
	// Size unknown (or absurd): read to the end.
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(f); err != nil {
		return nil, false, err
	}
	return buf.Bytes(), false, nil
}

func readFull(f *os.File, b []byte) (int, error) {
	n := 0
	for n < len(b) {
		m, err := f.Read(b[n:])
		n += m
		if err != nil {
			if n == len(b) {
				break
			}
			return n, err
		}
	}
	return n, nil
}

var errFormat = errors.New("not a BTF file")

// le32 reads a little-endian uint32; BTF is in the host's byte order and
// every platform Go's BPF work targets here is little-endian. The index
// rejects big-endian blobs.
func le32(b []byte, off uint32) uint32 {
	return binary.LittleEndian.Uint32(b[off:])
}

// index checks the header, records the offset of every type and builds the
// name maps. It decodes nothing but the fixed part of each type.
func (r *raw) index() error {
	d := r.data
	if len(d) < btfHeaderMin {
		return errFormat
	}
	if binary.LittleEndian.Uint16(d) != btfMagic {
		if binary.BigEndian.Uint16(d) == btfMagic {
			return errors.New("big-endian BTF is not supported")
		}
		return errFormat
	}
	hdrLen := le32(d, 4)
	typeOff, typeLen := le32(d, 8), le32(d, 12)
	strOff, strLen := le32(d, 16), le32(d, 20)
	end := uint64(len(d))
	if uint64(hdrLen) > end || uint64(hdrLen)+uint64(typeOff)+uint64(typeLen) > end ||
		uint64(hdrLen)+uint64(strOff)+uint64(strLen) > end {
		return errors.New("BTF header out of range")
	}
	r.types = d[hdrLen+typeOff : hdrLen+typeOff+typeLen]
	r.strs = d[hdrLen+strOff : hdrLen+strOff+strLen]

	ts := r.types
	// About one type per 40 bytes of type section in vmlinux.
	offs := make([]uint32, 1, len(ts)/32+1)
	n := uint32(len(ts))
	off := uint32(0)
	for off+btfTypeSize <= n {
		id := uint32(len(offs))
		offs = append(offs, off)
		w := binary.LittleEndian.Uint64(ts[off:])
		nameOff, info := uint32(w), uint32(w>>32)
		kind := (info >> 24) & 0x1f
		vlen := info & 0xffff
		tail := tails[kind]
		if tail.unknown {
			return fmt.Errorf("BTF type %d has unknown kind %d", id, kind)
		}
		extra := tail.fixed + tail.per*vlen
		if nameOff != 0 {
			switch kind {
			case kindStruct:
				r.named[nsStruct].defs = append(r.named[nsStruct].defs, id)
			case kindUnion:
				r.named[nsUnion].defs = append(r.named[nsUnion].defs, id)
			case kindEnum, kindEnum64:
				if vlen > 0 {
					r.named[nsEnum].defs = append(r.named[nsEnum].defs, id)
				} else {
					r.named[nsEnum].decls = append(r.named[nsEnum].decls, id)
				}
			case kindFwd:
				if info&(1<<31) != 0 {
					r.named[nsUnion].decls = append(r.named[nsUnion].decls, id)
				} else {
					r.named[nsStruct].decls = append(r.named[nsStruct].decls, id)
				}
			case kindTypedef:
				r.named[nsTypedef].defs = append(r.named[nsTypedef].defs, id)
			case kindVar:
				r.named[nsVar].defs = append(r.named[nsVar].defs, id)
			}
		}
		off += btfTypeSize + extra
	}
	r.offs = offs
	if off != n {
		return errors.New("BTF type section truncated")
	}
	return nil
}

// tails gives, by kind, the size of what follows a type's fixed part: a
// fixed number of bytes plus so many per vlen entry.
var tails = func() (t [32]struct {
	fixed, per uint32
	unknown    bool
}) {
	for k := range t {
		t[k].unknown = true
	}
	set := func(fixed, per uint32, kinds ...int) {
		for _, k := range kinds {
			t[k].fixed, t[k].per, t[k].unknown = fixed, per, false
		}
	}
	set(0, 0, kindPtr, kindFwd, kindTypedef, kindVolatile, kindConst,
		kindRestrict, kindFunc, kindFloat, kindTypeTag)
	set(4, 0, kindInt, kindVar, kindDeclTag)
	set(12, 0, kindArray)
	set(0, 12, kindStruct, kindUnion, kindEnum64, kindDatasec)
	set(0, 8, kindEnum, kindProto)
	return t
}()

// isDecl reports whether id is a forward declaration: a FWD, or an enum
// without enumerators.
func (r *raw) isDecl(id uint32) bool {
	switch r.kind(id) {
	case kindFwd:
		return true
	case kindEnum, kindEnum64:
		return r.vlen(id) == 0
	}
	return false
}

// str returns the string at off in the string section. The string shares
// the blob's memory: it is valid for as long as the blob is, which is the
// life of the blob. name and strCopy copy it.
func (r *raw) str(off uint32) string {
	if off >= uint32(len(r.strs)) {
		return ""
	}
	s := r.strs[off:]
	if i := bytes.IndexByte(s, 0); i >= 0 {
		s = s[:i]
	}
	if len(s) == 0 {
		return ""
	}
	return unsafe.String(&s[0], len(s))
}

// strCopy is str in memory of its own, for the names of converted types,
// which may outlive the blob.
func (r *raw) strCopy(off uint32) string { return strings.Clone(r.str(off)) }

// Accessors of the fixed part of type id (id > 0 and in range).
func (r *raw) info(id uint32) uint32 { return le32(r.types, r.offs[id]+4) }
func (r *raw) kind(id uint32) uint32 { return (r.info(id) >> 24) & 0x1f }
func (r *raw) vlen(id uint32) uint32 { return r.info(id) & 0xffff }
func (r *raw) kflag(id uint32) bool  { return r.info(id)&(1<<31) != 0 }
func (r *raw) name(id uint32) string { return r.strCopy(le32(r.types, r.offs[id])) }

// sizeType is the third word: a size for INT, STRUCT, UNION, ENUM, FLOAT,
// DATASEC; a type id for the others.
func (r *raw) sizeType(id uint32) uint32 { return le32(r.types, r.offs[id]+8) }

// word returns the i-th 32-bit word after the fixed part of type id.
func (r *raw) word(id, i uint32) uint32 {
	return le32(r.types, r.offs[id]+btfTypeSize+4*i)
}

func (r *raw) valid(id uint32) bool { return id > 0 && id < uint32(len(r.offs)) }
