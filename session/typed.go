package session

import (
	"strings"

	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/dscript/types"
	"github.com/dtrace-go/dtrace/sink"
)

// typeCache holds the sink types made from D types: each made once, and
// shared by the values of every record that prints that type.
type typeCache map[*types.Type]*sink.Type

// typed decodes the print() field fd of rec: the address, then the bytes
// of its type.
func (d *decoder) typed(rec []byte, fd *codegen.Field) sink.Value {
	addr := le.Uint64(rec[fd.Offset:])
	data := rec[fd.Offset+8 : fd.Offset+fd.Size]
	if d.types == nil {
		d.types = typeCache{}
	}
	return sink.Typed(addr, d.types.of(fd.Type), data)
}

// of returns the sink type of t.
func (c typeCache) of(t *types.Type) *sink.Type {
	if st, ok := c[t]; ok {
		return st
	}
	st := &sink.Type{Name: typeName(t)}
	c[t] = st // before the members: a struct may hold pointers to itself
	r := t.Resolve()
	st.Size = int(r.Size)
	switch r.Kind {
	case types.Int:
		st.Kind = sink.TypeInt
		st.Signed = r.Signed
		st.Char = r.Size == 1 && isCharName(r.Name)
	case types.Float:
		st.Kind = sink.TypeFloat
	case types.Pointer, types.String:
		if r.Kind == types.String {
			st.Kind, st.Len = sink.TypeArray, int(r.Len)
			st.Elem = c.of(types.CharType)
			break
		}
		st.Kind = sink.TypePointer
	case types.Array:
		st.Kind = sink.TypeArray
		st.Elem, st.Len = c.of(r.Elem), int(r.Len)
	case types.Struct, types.Union:
		st.Kind = sink.TypeStruct
		if r.Kind == types.Union {
			st.Kind = sink.TypeUnion
		}
		for _, m := range r.Members {
			sm := sink.TypeMember{Name: m.Name, Type: c.of(m.Type), BitOffset: int(m.Offset) * 8}
			if m.Bits != 0 {
				sm.BitOffset, sm.BitSize = int(m.BitOff), m.Bits
			}
			st.Members = append(st.Members, sm)
		}
	case types.Enum:
		st.Kind = sink.TypeEnum
		for _, e := range r.Enumerators {
			st.Enums = append(st.Enums, sink.Enumerator{Name: e.Name, Value: e.Value})
		}
	}
	return st
}

// isCharName reports whether an integer type's name is a character
// type's, which CTF marks as such.
func isCharName(n string) bool {
	return n == "char" || n == "signed char" || n == "unsigned char"
}

// typeName is t's name as libctf names it: an anonymous struct, union or
// enum is "struct", "union" or "enum".
func typeName(t *types.Type) string {
	return strings.ReplaceAll(t.String(), " (anon)", "")
}
