package perf

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/sys/unix"

	"github.com/dtrace-go/dtrace/providers"
)

// vmlinuxBTF is where the kernel publishes its BTF.
const vmlinuxBTF = providers.VmlinuxBTF

// BTF kinds (include/uapi/linux/btf.h) this reader looks at or skips over.
const (
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
	btfMagic    = 0xeb9f
	tracePrefix = "btf_trace_"
)

// tracepoints is what one pass over the kernel's BTF keeps of its
// tracepoints: for each tracepoint the kernel has a typedef
// btf_trace_<name>, a pointer to a function prototype (void *,
// TP_PROTO...), so the tracepoint passes one argument less than the
// prototype has parameters.
type tracepoints struct {
	// args is the number of arguments of each tracepoint, by name.
	args map[string]int
	// protos is the type id of each tracepoint's prototype.
	protos map[string]uint32
	// types holds every type the prototypes' parameters refer to, by id,
	// down to the structs, unions and enums, which are kept by name
	// only: all that rendering a type's name needs.
	types map[uint32]*btfType

	mu    sync.Mutex
	names map[uint32]string // rendered names, by type id
}

// btfType is a type of the BTF kept for rendering names.
type btfType struct {
	kind  uint8
	union bool   // a forward declaration of a union (kind_flag)
	name  string // "" for an anonymous type
	// ref is the type referred to: the target of a pointer, qualifier or
	// typedef, the element type of an array, the return type of a
	// prototype.
	ref    uint32
	n      uint32   // the number of elements of an array
	params []uint32 // a prototype's parameter types; 0 last for ...
}

// void is type id 0, which CTF calls an integer named void.
var void = &btfType{kind: kindInt, name: "void"}

var btfCache struct {
	mu     sync.Mutex
	byPath map[string]*tpResult
}

type tpResult struct {
	once sync.Once
	tp   *tracepoints
	err  error
}

// loadTracepoints returns the tracepoints of the BTF at path, reading it
// the first time it is asked for: the provider's instances (perf, sdt,
// rawtp) and argument counts and types all share one read.
func loadTracepoints(path string) (*tracepoints, error) {
	btfCache.mu.Lock()
	if btfCache.byPath == nil {
		btfCache.byPath = make(map[string]*tpResult)
	}
	r := btfCache.byPath[path]
	if r == nil {
		r = new(tpResult)
		btfCache.byPath[path] = r
	}
	btfCache.mu.Unlock()
	r.once.Do(func() { r.tp, r.err = readTracepoints(path) })
	return r.tp, r.err
}

// tracepointArgs returns the number of arguments of every tracepoint, by
// name, from the BTF at path (read once per process, see
// loadTracepoints).
func tracepointArgs(path string) (map[string]int, error) {
	tp, err := loadTracepoints(path)
	if err != nil {
		return nil, err
	}
	return tp.args, nil
}

// readTracepoints reads the tracepoints of the BTF at path.
//
// It is one pass over the type section that decodes no type but the
// btf_trace_ typedefs, then a walk from their prototypes that copies the
// few thousand types their parameters refer to: a few milliseconds for the
// 126,000 types of a distribution kernel.
//
// The file is mapped rather than read where the file system allows it: a
// copy would leave megabytes of garbage on the heap.
func readTracepoints(path string) (*tracepoints, error) {
	data, unmap, err := readBTF(path)
	if err != nil {
		return nil, err
	}
	defer unmap()
	if len(data) < 24 {
		return nil, fmt.Errorf("read BTF %s: too short", path)
	}
	var bo binary.ByteOrder
	switch {
	case binary.LittleEndian.Uint16(data) == btfMagic:
		bo = binary.LittleEndian
	case binary.BigEndian.Uint16(data) == btfMagic:
		bo = binary.BigEndian
	default:
		return nil, fmt.Errorf("read BTF %s: not BTF", path)
	}
	tp, err := parseTracepoints(data, bo)
	if err != nil {
		return nil, fmt.Errorf("read BTF %s: %w", path, err)
	}
	return tp, nil
}

// readBTF maps the file at path read-only, or reads it when it cannot be
// mapped; unmap releases the mapping (what is parsed from it is copied).
func readBTF(path string) (data []byte, unmap func(), err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.Size() > 0 && fi.Size() < 1<<31 {
		if b, err := unix.Mmap(int(f.Fd()), 0, int(fi.Size()), unix.PROT_READ, unix.MAP_PRIVATE); err == nil {
			return b, func() { unix.Munmap(b) }, nil
		}
	}
	data, err = io.ReadAll(f)
	if err != nil {
		return nil, nil, err
	}
	return data, func() {}, nil
}

// btfReader reads types of a BTF type section by id.
type btfReader struct {
	bo    binary.ByteOrder
	types []byte
	strs  []byte
	offs  []uint32 // offs[id-1] is where type id starts
}

func parseTracepoints(data []byte, bo binary.ByteOrder) (*tracepoints, error) {
	hdrLen := int(bo.Uint32(data[4:]))
	typeOff, typeLen := int(bo.Uint32(data[8:])), int(bo.Uint32(data[12:]))
	strOff, strLen := int(bo.Uint32(data[16:])), int(bo.Uint32(data[20:]))
	if hdrLen < 24 || hdrLen+typeOff+typeLen > len(data) || hdrLen+strOff+strLen > len(data) {
		return nil, errors.New("sections out of bounds")
	}
	r := &btfReader{
		bo:    bo,
		types: data[hdrLen+typeOff : hdrLen+typeOff+typeLen],
		strs:  data[hdrLen+strOff : hdrLen+strOff+strLen],
	}
	r.offs = make([]uint32, 0, len(r.types)/16)
	type typedef struct {
		name   string
		target uint32
	}
	var traces []typedef
	prefix := []byte(tracePrefix)
	types := r.types
	off := 0
	for off < len(types) {
		if off+12 > len(types) {
			return nil, errors.New("truncated type")
		}
		r.offs = append(r.offs, uint32(off))
		nameOff := bo.Uint32(types[off:])
		info := bo.Uint32(types[off+4:])
		kind := info >> 24 & 0x1f
		vlen := int(info & 0xffff)
		if kind == kindTypedef {
			if name := cstring(r.strs, nameOff); bytes.HasPrefix(name, prefix) {
				traces = append(traces, typedef{string(name[len(prefix):]), bo.Uint32(types[off+8:])})
			}
		}
		size := 12
		switch kind {
		case kindInt, kindVar, kindDeclTag:
			size += 4
		case kindArray:
			size += 12
		case kindStruct, kindUnion, kindDatasec, kindEnum64:
			size += 12 * vlen
		case kindEnum, kindProto:
			size += 8 * vlen
		}
		off += size
	}
	if off != len(types) {
		return nil, errors.New("truncated type")
	}

	tp := &tracepoints{
		args:   make(map[string]int, len(traces)),
		protos: make(map[string]uint32, len(traces)),
		types:  make(map[uint32]*btfType),
		names:  make(map[uint32]string),
	}
	var stack []uint32
	for _, td := range traces {
		proto, ok := r.tracePrototype(td.target)
		if !ok {
			continue
		}
		t := r.decode(proto)
		if len(t.params) == 0 {
			continue
		}
		tp.args[td.name] = len(t.params) - 1
		tp.protos[td.name] = proto
		stack = append(stack, proto)
	}
	if len(tp.args) == 0 {
		return nil, fmt.Errorf("no %s* typedefs", tracePrefix)
	}

	// Keep every type the prototypes refer to, stopping at structs,
	// unions and enums, whose names are all that is rendered.
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if id == 0 || tp.types[id] != nil || int(id) > len(r.offs) {
			continue
		}
		t := r.decode(id)
		tp.types[id] = t
		switch t.kind {
		case kindPtr, kindArray, kindTypedef, kindConst, kindVolatile, kindRestrict, kindTypeTag:
			stack = append(stack, t.ref)
		case kindProto:
			stack = append(stack, t.ref)
			stack = append(stack, t.params...)
		}
	}
	return tp, nil
}

// tracePrototype returns the prototype a btf_trace_ typedef's target
// (id) points to, through typedefs and qualifiers.
func (r *btfReader) tracePrototype(id uint32) (uint32, bool) {
	sawPtr := false
	for range 16 {
		if id == 0 || int(id) > len(r.offs) {
			return 0, false
		}
		off := r.offs[id-1]
		info := r.bo.Uint32(r.types[off+4:])
		ref := r.bo.Uint32(r.types[off+8:])
		switch info >> 24 & 0x1f {
		case kindTypedef, kindConst, kindVolatile, kindRestrict, kindTypeTag:
			id = ref
		case kindPtr:
			if sawPtr {
				return 0, false
			}
			sawPtr = true
			id = ref
		case kindProto:
			return id, sawPtr
		default:
			return 0, false
		}
	}
	return 0, false
}

// decode copies type id (1 <= id <= len(offs)) from the type section; the
// pass that built offs checked that every type lies within it.
func (r *btfReader) decode(id uint32) *btfType {
	bo, types := r.bo, r.types
	off := int(r.offs[id-1])
	info := bo.Uint32(types[off+4:])
	t := &btfType{
		kind:  uint8(info >> 24 & 0x1f),
		union: info>>31 == 1,
		name:  string(cstring(r.strs, bo.Uint32(types[off:]))),
		ref:   bo.Uint32(types[off+8:]),
	}
	switch t.kind {
	case kindArray:
		t.ref = bo.Uint32(types[off+12:])
		t.n = bo.Uint32(types[off+20:])
	case kindProto:
		vlen := int(info & 0xffff)
		t.params = make([]uint32, vlen)
		for i := range vlen {
			t.params[i] = bo.Uint32(types[off+12+8*i+4:])
		}
	}
	return t
}

// cstring returns the NUL-terminated string at off, without copying.
func cstring(strs []byte, off uint32) []byte {
	if int(off) >= len(strs) {
		return nil
	}
	s := strs[off:]
	if i := bytes.IndexByte(s, 0); i >= 0 {
		return s[:i]
	}
	return s
}

// argTypes returns the C types of tracepoint name's arguments (the
// prototype's parameters less the first, the void * context), or nil when
// BTF has no btf_trace_ typedef for it.
func (tp *tracepoints) argTypes(name string) ([]string, error) {
	proto, ok := tp.protos[name]
	if !ok {
		return nil, nil
	}
	params := tp.types[proto].params[1:]
	ts := make([]string, len(params))
	for i, id := range params {
		s, err := tp.typeName(id)
		if err != nil {
			return nil, fmt.Errorf("%s argument %d: %w", name, i, err)
		}
		ts[i] = s
	}
	return ts, nil
}

// typeName returns the C name of type id, rendered as CTF's
// ctf_type_name renders it, and remembers it.
func (tp *tracepoints) typeName(id uint32) (string, error) {
	tp.mu.Lock()
	s, ok := tp.names[id]
	tp.mu.Unlock()
	if ok {
		return s, nil
	}
	budget := maxNodes
	s, err := tp.render(id, 0, &budget)
	if err != nil {
		return "", err
	}
	tp.mu.Lock()
	tp.names[id] = s
	tp.mu.Unlock()
	return s, nil
}

// The lexical precedences of C declarators (ctf_decl_prec_t).
const (
	precBase = iota
	precPointer
	precArray
	precFunction
	precMax
)

// maxDepth bounds how deep a type's references are followed, and
// maxNodes how many types a name is made of: no C type of the kernel's
// comes near, and BTF that loops ends there.
const (
	maxDepth = 64
	maxNodes = 4096
)

var errTooDeep = errors.New("BTF types nest too deep")

// decl is a declaration being rendered (ctf_decl_t): its types grouped by
// precedence.
type decl struct {
	tp    *tracepoints
	nodes [precMax][]*btfType
	order [precMax]int // the order each precedence was first seen, or -1
	ordp  int
	qualp int // the precedence a qualifier binds to
	err   error
	// budget is how many more types the name may be made of.
	budget *int
}

// render renders type id the way ctf_type_lname does: the types the
// declaration is made of are grouped by lexical precedence (base, pointer,
// array, function), qualifiers going with the base type or the pointer
// they qualify, and printed in that order, with parentheses around the
// pointer or array when the type refers to them in an order C's
// precedence does not (int (*)[4], void (*)(int)). Beyond CTF, a
// function's parameters are printed, and an anonymous struct, union or
// enum is "struct (anon)".
func (tp *tracepoints) render(id uint32, depth int, budget *int) (string, error) {
	if depth > maxDepth {
		return "", errTooDeep
	}
	d := &decl{tp: tp, order: [precMax]int{-1, -1, -1, -1}, budget: budget}
	d.push(id, depth)
	if d.err != nil {
		return "", d.err
	}
	ptr := d.order[precPointer] > precPointer
	arr := d.order[precArray] > precArray
	rp, lp := -1, -1
	switch {
	case arr:
		rp = precArray
	case ptr:
		rp = precPointer
	}
	switch {
	case ptr:
		lp = precPointer
	case arr:
		lp = precArray
	}

	var b strings.Builder
	k := uint8(kindPtr) // no space before the first node
	for prec := range precMax {
		for _, t := range d.nodes[prec] {
			if k != kindPtr && k != kindArray {
				b.WriteByte(' ')
			}
			if lp == prec {
				b.WriteByte('(')
				lp = -1
			}
			switch t.kind {
			case kindInt, kindFloat, kindTypedef:
				b.WriteString(t.name)
			case kindPtr:
				b.WriteByte('*')
			case kindArray:
				b.WriteByte('[')
				b.WriteString(strconv.FormatUint(uint64(t.n), 10))
				b.WriteByte(']')
			case kindProto:
				if err := tp.writeParams(&b, t, depth, budget); err != nil {
					return "", err
				}
			case kindStruct:
				writeTagged(&b, "struct", t.name)
			case kindUnion:
				writeTagged(&b, "union", t.name)
			case kindFwd:
				if t.union {
					writeTagged(&b, "union", t.name)
				} else {
					writeTagged(&b, "struct", t.name)
				}
			case kindEnum, kindEnum64:
				writeTagged(&b, "enum", t.name)
			case kindVolatile:
				b.WriteString("volatile")
			case kindConst:
				b.WriteString("const")
			case kindRestrict:
				b.WriteString("restrict")
			}
			k = t.kind
		}
		if rp == prec {
			b.WriteByte(')')
		}
	}
	return b.String(), nil
}

// writeParams writes a prototype's parameter list: "(int, char *)",
// "(const char *, ...)", "(void)".
func (tp *tracepoints) writeParams(b *strings.Builder, t *btfType, depth int, budget *int) error {
	b.WriteByte('(')
	if len(t.params) == 0 {
		b.WriteString("void")
	}
	for i, id := range t.params {
		if i > 0 {
			b.WriteString(", ")
		}
		if id == 0 && i == len(t.params)-1 {
			b.WriteString("...")
			break
		}
		s, err := tp.render(id, depth+1, budget)
		if err != nil {
			return err
		}
		b.WriteString(s)
	}
	b.WriteByte(')')
	return nil
}

func writeTagged(b *strings.Builder, tag, name string) {
	b.WriteString(tag)
	b.WriteByte(' ')
	if name == "" {
		name = "(anon)"
	}
	b.WriteString(name)
}

// push adds type id and the types it refers to to the declaration
// (ctf_decl_push).
func (d *decl) push(id uint32, depth int) {
	if d.err != nil {
		return
	}
	if *d.budget--; depth > maxDepth || *d.budget < 0 {
		d.err = errTooDeep
		return
	}
	t := void
	if id != 0 {
		t = d.tp.types[id]
		if t == nil {
			d.err = fmt.Errorf("BTF type %d not read", id)
			return
		}
	}
	var prec int
	qual := false
	switch t.kind {
	case kindArray:
		d.push(t.ref, depth+1)
		prec = precArray
	case kindTypedef:
		if t.name == "" {
			d.push(t.ref, depth+1)
			return
		}
		prec = precBase
	case kindProto:
		d.push(t.ref, depth+1)
		prec = precFunction
	case kindPtr:
		d.push(t.ref, depth+1)
		prec = precPointer
	case kindConst, kindVolatile, kindRestrict:
		d.push(t.ref, depth+1)
		prec = d.qualp
		qual = true
	case kindTypeTag:
		// An annotation (__user, __rcu) C's type names do not show.
		d.push(t.ref, depth+1)
		return
	case kindInt, kindFloat, kindStruct, kindUnion, kindFwd, kindEnum, kindEnum64:
		prec = precBase
	default:
		d.err = fmt.Errorf("BTF type %d of kind %d is not a C type", id, t.kind)
		return
	}
	if len(d.nodes[prec]) == 0 {
		d.order[prec] = d.ordp
		d.ordp++
	}
	if prec > d.qualp && prec < precArray {
		d.qualp = prec
	}
	// Array declarators nest inside out, and a base type's qualifiers
	// come before it (const int): those are prepended.
	if t.kind == kindArray || qual && prec == precBase {
		d.nodes[prec] = append([]*btfType{t}, d.nodes[prec]...)
	} else {
		d.nodes[prec] = append(d.nodes[prec], t)
	}
}
