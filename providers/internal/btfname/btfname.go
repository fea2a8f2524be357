// Package btfname renders BTF types as C type names, the way CTF's
// ctf_type_name renders them, for the providers' argument types.
package btfname

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/dtrace-go/dtrace/internal/kbtf"
)

// Namer renders the C names of the types of one BTF, remembering them. It
// is safe for concurrent use.
type Namer struct {
	spec  *kbtf.Spec
	mu    sync.Mutex
	names map[kbtf.TypeID]string // rendered names, by type id
}

// New returns a Namer of spec's types (and its base's).
func New(spec *kbtf.Spec) *Namer {
	return &Namer{spec: spec, names: make(map[kbtf.TypeID]string)}
}

// Name returns the C name of type id, rendered as CTF's ctf_type_name
// renders it ("struct task_struct *", "const char *", "int (*)(void *)").
func (tp *Namer) Name(id kbtf.TypeID) (string, error) {
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
	tp    *Namer
	nodes [precMax][]kbtf.Type
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
func (tp *Namer) render(id kbtf.TypeID, depth int, budget *int) (string, error) {
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
	k := kbtf.KindPtr // no space before the first node
	for prec := range precMax {
		for _, t := range d.nodes[prec] {
			if k != kbtf.KindPtr && k != kbtf.KindArray {
				b.WriteByte(' ')
			}
			if lp == prec {
				b.WriteByte('(')
				lp = -1
			}
			switch t.Kind() {
			case kbtf.KindVoid:
				b.WriteString("void")
			case kbtf.KindInt, kbtf.KindFloat, kbtf.KindTypedef:
				b.WriteString(t.Name())
			case kbtf.KindPtr:
				b.WriteByte('*')
			case kbtf.KindArray:
				b.WriteByte('[')
				b.WriteString(strconv.FormatUint(uint64(t.Array().Nelems), 10))
				b.WriteByte(']')
			case kbtf.KindFuncProto:
				if err := tp.writeParams(&b, t, depth, budget); err != nil {
					return "", err
				}
			case kbtf.KindStruct:
				writeTagged(&b, "struct", t.Name())
			case kbtf.KindUnion:
				writeTagged(&b, "union", t.Name())
			case kbtf.KindFwd:
				if t.KindFlag() {
					writeTagged(&b, "union", t.Name())
				} else {
					writeTagged(&b, "struct", t.Name())
				}
			case kbtf.KindEnum, kbtf.KindEnum64:
				writeTagged(&b, "enum", t.Name())
			case kbtf.KindVolatile:
				b.WriteString("volatile")
			case kbtf.KindConst:
				b.WriteString("const")
			case kbtf.KindRestrict:
				b.WriteString("restrict")
			}
			k = t.Kind()
		}
		if rp == prec {
			b.WriteByte(')')
		}
	}
	return b.String(), nil
}

// writeParams writes a prototype's parameter list: "(int, char *)",
// "(const char *, ...)", "(void)".
func (tp *Namer) writeParams(b *strings.Builder, t kbtf.Type, depth int, budget *int) error {
	b.WriteByte('(')
	n := t.Vlen()
	if n == 0 {
		b.WriteString("void")
	}
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		id := t.Param(i)
		if id == 0 && i == n-1 {
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
func (d *decl) push(id kbtf.TypeID, depth int) {
	if d.err != nil {
		return
	}
	if *d.budget--; depth > maxDepth || *d.budget < 0 {
		d.err = errTooDeep
		return
	}
	t, ok := d.tp.spec.Type(id)
	if !ok {
		d.err = fmt.Errorf("BTF type %d: no such type", id)
		return
	}
	var prec int
	qual := false
	switch t.Kind() {
	case kbtf.KindArray:
		d.push(t.Array().Elem, depth+1)
		prec = precArray
	case kbtf.KindTypedef:
		if t.HasName("") {
			d.push(t.Ref(), depth+1)
			return
		}
		prec = precBase
	case kbtf.KindFuncProto:
		d.push(t.Ref(), depth+1)
		prec = precFunction
	case kbtf.KindPtr:
		d.push(t.Ref(), depth+1)
		prec = precPointer
	case kbtf.KindConst, kbtf.KindVolatile, kbtf.KindRestrict:
		d.push(t.Ref(), depth+1)
		prec = d.qualp
		qual = true
	case kbtf.KindTypeTag:
		// An annotation (__user, __rcu) C's type names do not show.
		d.push(t.Ref(), depth+1)
		return
	case kbtf.KindVoid, kbtf.KindInt, kbtf.KindFloat, kbtf.KindStruct, kbtf.KindUnion, kbtf.KindFwd, kbtf.KindEnum, kbtf.KindEnum64:
		prec = precBase
	default:
		d.err = fmt.Errorf("BTF type %d of kind %d is not a C type", id, t.Kind())
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
	if t.Kind() == kbtf.KindArray || qual && prec == precBase {
		d.nodes[prec] = append([]kbtf.Type{t}, d.nodes[prec]...)
	} else {
		d.nodes[prec] = append(d.nodes[prec], t)
	}
}
