package session

import (
	"github.com/cilium/ebpf"

	"github.com/dtrace-go/dtrace/abi"
)

// stackTables reads back the PCs of the stacks that key aggregations
// from the program's tables (abi.KStackMap, abi.UStackMap). The programs
// never replace an entry, and the consumer deletes one only when trunc()
// removed every key naming it (decoder.dropStacks), after reading it: what
// has been read once is kept, for a key that names a stack again before
// a program stores it again.
type stackTables struct {
	maps  map[abi.SymKind]*ebpf.Map
	cache map[stackRef][]byte
	buf   []byte
}

// stackRef names a stack: its table's kind and its id.
type stackRef struct {
	kind abi.SymKind
	id   uint64
}

// stackKeyRef returns the stack a stack aggregation key's slot b names
// (abi.StackKey, then the id); ok is false for bytes that are not one.
func stackKeyRef(b []byte) (r stackRef, ok bool) {
	if len(b) < abi.StackKeySize {
		return stackRef{}, false
	}
	s, _, _, ok := abi.StackKey(b)
	if !ok {
		return stackRef{}, false
	}
	return stackRef{s.Kind, le.Uint64(b[8:])}, true
}

// maxStackCache bounds the stacks stackTables keeps; past it the cache is
// emptied.
const maxStackCache = 1 << 16

// newStackTables returns the reader of the stack tables maps m holds (nil
// maps: no stack keys).
func newStackTables(m map[string]*ebpf.Map) *stackTables {
	t := &stackTables{maps: map[abi.SymKind]*ebpf.Map{}, cache: map[stackRef][]byte{}}
	if km := m[abi.KStackMap]; km != nil {
		t.maps[abi.SymStack] = km
	}
	if um := m[abi.UStackMap]; um != nil {
		t.maps[abi.SymUStack] = um
	}
	return t
}

// pcs returns the PCs of the stack of kind k with id id, as little-endian
// u64s, zero-padded to at least n of them; ok is false when the table
// holds no such stack.
func (t *stackTables) pcs(k abi.SymKind, id uint64, n int) (b []byte, ok bool) {
	ref := stackRef{k, id}
	b, ok = t.cache[ref]
	if !ok {
		m := t.maps[k]
		if m == nil {
			return nil, false
		}
		if len(t.buf) != int(m.ValueSize()) {
			t.buf = make([]byte, m.ValueSize())
		}
		if err := m.Lookup(id, t.buf); err != nil {
			return nil, false
		}
		count := le.Uint64(t.buf)
		if count > uint64(len(t.buf)/8-1) {
			return nil, false
		}
		b = append([]byte(nil), t.buf[8:8+8*count]...)
		if len(t.cache) >= maxStackCache {
			clear(t.cache)
		}
		t.cache[ref] = b
	}
	if len(b) < 8*n {
		b = append(append(make([]byte, 0, 8*n), b...), make([]byte, 8*n-len(b))...)
	}
	return b, true
}
