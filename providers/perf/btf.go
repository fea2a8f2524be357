package perf

import (
	"fmt"

	"github.com/dtrace-go/dtrace/internal/kbtf"
	"github.com/dtrace-go/dtrace/providers/internal/btfname"
)

const tracePrefix = "btf_trace_"

// tracepoints is what the kernel's BTF says of its tracepoints: for each
// tracepoint the kernel has a typedef btf_trace_<name>, a pointer to a
// function prototype (void *, TP_PROTO...), so the tracepoint passes one
// argument less than the prototype has parameters. Types are read from
// the BTF (package kbtf) in place when their names are rendered.
type tracepoints struct {
	spec *kbtf.Spec
	// args is the number of arguments of each tracepoint, by name.
	args map[string]int
	// protos is the type id of each tracepoint's prototype.
	protos map[string]kbtf.TypeID

	// names renders the types' C names.
	names *btfname.Namer
}

// newTracepoints finds the tracepoints of spec: the btf_trace_ typedefs
// of its own types (a module's split BTF has its own module's).
func newTracepoints(spec *kbtf.Spec) (*tracepoints, error) {
	tp := &tracepoints{
		spec:   spec,
		args:   make(map[string]int, 2048),
		protos: make(map[string]kbtf.TypeID, 2048),
		names:  btfname.New(spec),
	}
	for id, name := range spec.Named(kbtf.KindTypedef, tracePrefix) {
		td, _ := spec.Type(id)
		proto, ok := tracePrototype(spec, td.Ref())
		if !ok {
			continue
		}
		t, _ := spec.Type(proto)
		if t.Vlen() == 0 {
			continue
		}
		name = name[len(tracePrefix):]
		tp.args[name] = t.Vlen() - 1
		tp.protos[name] = proto
	}
	if len(tp.args) == 0 {
		return nil, fmt.Errorf("no %s* typedefs", tracePrefix)
	}
	return tp, nil
}

// tracePrototype returns the prototype a btf_trace_ typedef's target
// (id) points to, through typedefs and qualifiers.
func tracePrototype(spec *kbtf.Spec, id kbtf.TypeID) (kbtf.TypeID, bool) {
	sawPtr := false
	for range 16 {
		t, ok := spec.Type(id)
		if !ok || id == 0 {
			return 0, false
		}
		switch t.Kind() {
		case kbtf.KindTypedef, kbtf.KindConst, kbtf.KindVolatile, kbtf.KindRestrict, kbtf.KindTypeTag:
			id = t.Ref()
		case kbtf.KindPtr:
			if sawPtr {
				return 0, false
			}
			sawPtr = true
			id = t.Ref()
		case kbtf.KindFuncProto:
			return id, sawPtr
		default:
			return 0, false
		}
	}
	return 0, false
}

// argTypes returns the C types of tracepoint name's arguments (the
// prototype's parameters less the first, the void * context), or nil when
// BTF has no btf_trace_ typedef for it.
func (tp *tracepoints) argTypes(name string) ([]string, error) {
	proto, ok := tp.protos[name]
	if !ok {
		return nil, nil
	}
	t, _ := tp.spec.Type(proto)
	ts := make([]string, t.Vlen()-1)
	for i := range ts {
		s, err := tp.names.Name(t.Param(i + 1))
		if err != nil {
			return nil, fmt.Errorf("%s argument %d: %w", name, i, err)
		}
		ts[i] = s
	}
	return ts, nil
}
