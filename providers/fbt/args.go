package fbt

import (
	"errors"
	"fmt"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/internal/kbtf"
	"github.com/dtrace-go/dtrace/probe"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/internal/btfname"
)

// namer renders the type names of one BTF.
type namer = btfname.Namer

// uint64T is the type of a return probe's args[0], and of a return value
// held in more than a register (a struct of 9 to 16 bytes, of which the
// probe sees the first eight), as Oracle's DTrace types them.
const uint64T = "uint64_t"

// errNoSlots says that a function's arguments do not all sit in the
// registers and stack words the calling convention gives scalars: a struct
// of more than 16 bytes is passed in memory, which fbt does not read.
var errNoSlots = errors.New("an argument is a struct of more than 16 bytes")

// proto is what fbt uses of a function's prototype.
type proto struct {
	params []param
	slots  int // the argument slots the parameters take
	ret    kbtf.TypeID
	void   bool // returns nothing
	// bad says why the parameters do not fit argument slots (their
	// types are then not known), or is nil.
	bad error
}

// param is a parameter: its type and first slot.
type param struct {
	id   kbtf.TypeID
	slot int
}

// prototype returns the prototype of f, the function called name, or an
// error when BTF does not describe f. Parameters that do not fit argument
// slots are its bad.
func prototype(name string, f *Function) (proto, error) {
	if f.BTF == nil {
		return proto{}, fmt.Errorf("no BTF describes %s", name)
	}
	fn, ok := f.BTF.Type(f.ID)
	if !ok || fn.Kind() != kbtf.KindFunc {
		return proto{}, fmt.Errorf("BTF type %d of %s is not a function", f.ID, name)
	}
	pt, ok := f.BTF.Type(fn.Ref())
	if !ok || pt.Kind() != kbtf.KindFuncProto {
		return proto{}, fmt.Errorf("BTF type %d of %s is not a prototype", fn.Ref(), name)
	}
	pr := proto{ret: pt.Ref(), void: pt.Ref() == 0}
	for i := range pt.Vlen() {
		id := pt.Param(i)
		if id == 0 {
			break // "...": the variable arguments are not described
		}
		n, err := slotsOf(f.BTF, id)
		if err != nil {
			pr.bad = fmt.Errorf("%s argument %d: %w", name, i, err)
			break
		}
		pr.params = append(pr.params, param{id: id, slot: pr.slots})
		pr.slots += n
	}
	if pr.bad == nil && pr.slots > abi.MaxArgs {
		pr.bad = fmt.Errorf("%s takes %d argument slots, more than %d", name, pr.slots, abi.MaxArgs)
	}
	if pr.bad != nil {
		pr.params, pr.slots = nil, 0
	}
	return pr, nil
}

// slotsOf returns the argument slots a parameter of type id takes: one for
// a scalar, a pointer or a record of up to 8 bytes, two for a record of 9
// to 16.
func slotsOf(spec *kbtf.Spec, id kbtf.TypeID) (int, error) {
	t, size, err := resolve(spec, id)
	if err != nil {
		return 0, err
	}
	switch t.Kind() {
	case kbtf.KindStruct, kbtf.KindUnion:
		switch {
		case size <= 8:
			return 1, nil
		case size <= 16:
			return 2, nil
		}
		return 0, errNoSlots
	}
	return 1, nil
}

// resolve returns the type id names through typedefs and qualifiers, and
// its size (8 for a pointer).
func resolve(spec *kbtf.Spec, id kbtf.TypeID) (kbtf.Type, uint32, error) {
	for range 32 {
		t, ok := spec.Type(id)
		if !ok {
			return kbtf.Type{}, 0, fmt.Errorf("BTF type %d: no such type", id)
		}
		switch t.Kind() {
		case kbtf.KindTypedef, kbtf.KindConst, kbtf.KindVolatile, kbtf.KindRestrict, kbtf.KindTypeTag:
			id = t.Ref()
			continue
		case kbtf.KindPtr:
			return t, 8, nil
		case kbtf.KindInt, kbtf.KindEnum, kbtf.KindEnum64, kbtf.KindStruct, kbtf.KindUnion, kbtf.KindFloat:
			return t, t.Size(), nil
		}
		return t, 8, nil
	}
	return kbtf.Type{}, 0, fmt.Errorf("BTF type %d nests too deep", id)
}

// ArgDescs returns the typed arguments of an fbt probe: for an entry
// probe the function's parameters, each in its first slot; for a return
// probe args[0], the unknown offset (uint64_t, -1), and args[1] the
// return value, typed as the function returns it (none for a void
// function). They are not known for a function BTF does not describe, or
// whose arguments do not fit slots.
func (p *Provider) ArgDescs(pr *providers.Probe) ([]providers.ArgDesc, bool, error) {
	f, ok := function(pr)
	if !ok {
		return nil, false, fmt.Errorf("fbt provider: %s is not an fbt probe", probe.Name(pr.Provider, pr.Module, pr.Function, pr.Name))
	}
	pt, err := prototype(pr.Function, f)
	if err != nil {
		return nil, false, nil
	}
	names := p.namer(f.BTF)
	if pr.Name == Return {
		args := []providers.ArgDesc{{Type: uint64T, Slot: 0}}
		if pt.void {
			return args, true, nil
		}
		ret := providers.ArgDesc{Type: uint64T, Slot: 1}
		if n, err := slotsOf(f.BTF, pt.ret); err == nil && n == 1 {
			name, err := names.Name(pt.ret)
			if err != nil {
				return nil, false, fmt.Errorf("describe fbt:%s:%s:%s: %w", pr.Module, pr.Function, pr.Name, err)
			}
			ret = providers.ArgDesc{Type: name, Slot: 1, BTF: f.BTF, ID: pt.ret}
		}
		return append(args, ret), true, nil
	}
	if pt.bad != nil {
		return nil, false, nil
	}
	args := make([]providers.ArgDesc, len(pt.params))
	for i, prm := range pt.params {
		name, err := names.Name(prm.id)
		if err != nil {
			return nil, false, fmt.Errorf("describe fbt:%s:%s:%s: argument %d: %w", pr.Module, pr.Function, pr.Name, i, err)
		}
		args[i] = providers.ArgDesc{Type: name, Slot: prm.slot, BTF: f.BTF, ID: prm.id}
	}
	return args, true, nil
}

// namer returns the Namer of spec's types.
func (p *Provider) namer(spec *kbtf.Spec) *namer {
	p.namesMu.Lock()
	defer p.namesMu.Unlock()
	n := p.names[spec]
	if n == nil {
		n = btfname.New(spec)
		p.names[spec] = n
	}
	return n
}

// nargs returns the number of argument slots probe pr fills: the
// function's slots on entry, 2 (1 for a void function) on return, -1 when
// not known.
func nargs(pr *providers.Probe) int {
	f, ok := function(pr)
	if !ok {
		return -1
	}
	pt, err := prototype(pr.Function, f)
	switch {
	case err != nil:
		return -1
	case pr.Name == Return && pt.void:
		return 1
	case pr.Name == Return:
		return 2
	case pt.bad != nil:
		return -1
	}
	return pt.slots
}
