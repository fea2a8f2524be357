// Package kbtftest writes BTF for tests: BTF that stands alone, as the
// kernel's vmlinux, and split BTF over it, as a module's, whose type ids
// and string offsets continue its base's and whose names reuse its
// base's strings as the kernel's module BTF does.
package kbtftest

import (
	"encoding/binary"

	"github.com/dtrace-go/dtrace/internal/kbtf"
)

// Builder writes the types of one BTF blob, in the order they are added.
type Builder struct {
	next     kbtf.TypeID // the id of the next type
	strStart uint32      // the offset of strs[0] in the blob's string offsets
	types    []byte
	strs     []byte
	// names are the offsets of the strings written so far, the base's
	// included.
	names map[string]uint32
}

// New returns a Builder of BTF that stands alone: ids from 1.
func New() *Builder {
	return &Builder{next: 1, strs: []byte{0}, names: map[string]uint32{"": 0}}
}

// Split returns a Builder of split BTF over what b has written: its ids
// and string offsets continue b's, and it reuses b's strings. b must not
// be added to afterwards.
func (b *Builder) Split() *Builder {
	s := &Builder{
		next:     b.next,
		strStart: b.strStart + uint32(len(b.strs)),
		strs:     []byte{0}, // the kernel's split BTF starts its strings with "" too
		names:    make(map[string]uint32, len(b.names)),
	}
	for n, off := range b.names {
		s.names[n] = off
	}
	return s
}

// String returns the offset of s in the blob's strings, adding it when
// neither the blob nor its base has it.
func (b *Builder) String(s string) uint32 {
	if off, ok := b.names[s]; ok {
		return off
	}
	off := b.strStart + uint32(len(b.strs))
	b.strs = append(append(b.strs, s...), 0)
	b.names[s] = off
	return off
}

// Add writes a type: its fixed part (name, kind, kind_flag, vlen, and the
// size or type word), then tail, the words its kind has after that. It
// returns the type's id.
func (b *Builder) Add(kind kbtf.Kind, name string, kflag bool, vlen int, sizeType uint32, tail ...uint32) kbtf.TypeID {
	info := uint32(kind)<<24 | uint32(vlen)&0xffff
	if kflag {
		info |= 1 << 31
	}
	b.types = binary.LittleEndian.AppendUint32(b.types, b.String(name))
	b.types = binary.LittleEndian.AppendUint32(b.types, info)
	b.types = binary.LittleEndian.AppendUint32(b.types, sizeType)
	for _, w := range tail {
		b.types = binary.LittleEndian.AppendUint32(b.types, w)
	}
	id := b.next
	b.next++
	return id
}

// Int adds an integer type of size bytes with encoding enc
// (kbtf.IntSigned...).
func (b *Builder) Int(name string, size uint32, enc uint8) kbtf.TypeID {
	return b.Add(kbtf.KindInt, name, false, 0, size, uint32(enc)<<24|8*size)
}

// Ref adds a type of a kind that refers to another (pointer, typedef,
// qualifier, type tag, function, variable).
func (b *Builder) Ref(kind kbtf.Kind, name string, to kbtf.TypeID) kbtf.TypeID {
	var tail []uint32
	if kind == kbtf.KindVar {
		tail = []uint32{1} // global linkage
	}
	return b.Add(kind, name, false, 0, uint32(to), tail...)
}

// Member is a member of a struct or union to add.
type Member struct {
	Name   string
	Type   kbtf.TypeID
	Offset uint32 // in bits
	Bits   uint32 // bitfield width, 0 for none
}

// Struct adds a struct (or, when union, a union) of size bytes; the
// members' bitfield widths are written in their offsets (kind_flag) when
// any has one.
func (b *Builder) Struct(name string, union bool, size uint32, members ...Member) kbtf.TypeID {
	kflag := false
	for _, m := range members {
		kflag = kflag || m.Bits != 0
	}
	var tail []uint32
	for _, m := range members {
		off := m.Offset
		if kflag {
			off |= m.Bits << 24
		}
		tail = append(tail, b.String(m.Name), uint32(m.Type), off)
	}
	kind := kbtf.KindStruct
	if union {
		kind = kbtf.KindUnion
	}
	return b.Add(kind, name, kflag, len(members), size, tail...)
}

// Enum adds a 4-byte enum with the given enumerators, in order.
func (b *Builder) Enum(name string, signed bool, names []string, values []int32) kbtf.TypeID {
	var tail []uint32
	for i, n := range names {
		tail = append(tail, b.String(n), uint32(values[i]))
	}
	return b.Add(kbtf.KindEnum, name, signed, len(names), 4, tail...)
}

// Proto adds a function prototype; a last parameter of type 0 is "...".
func (b *Builder) Proto(ret kbtf.TypeID, params ...kbtf.TypeID) kbtf.TypeID {
	var tail []uint32
	for _, p := range params {
		tail = append(tail, 0, uint32(p))
	}
	return b.Add(kbtf.KindFuncProto, "", false, len(params), uint32(ret), tail...)
}

// Bytes returns the blob: header, types, strings.
func (b *Builder) Bytes() []byte {
	const hdrLen = 24
	var h []byte
	h = binary.LittleEndian.AppendUint16(h, 0xeb9f)
	h = append(h, 1, 0) // version, flags
	h = binary.LittleEndian.AppendUint32(h, hdrLen)
	h = binary.LittleEndian.AppendUint32(h, 0)                    // type_off
	h = binary.LittleEndian.AppendUint32(h, uint32(len(b.types))) // type_len
	h = binary.LittleEndian.AppendUint32(h, uint32(len(b.types))) // str_off
	h = binary.LittleEndian.AppendUint32(h, uint32(len(b.strs)))  // str_len
	return append(append(h, b.types...), b.strs...)
}
