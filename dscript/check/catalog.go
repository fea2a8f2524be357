package check

import (
	"errors"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/diag"
	"github.com/dtrace-go/dtrace/dscript/types"
	"github.com/dtrace-go/dtrace/probe"
)

// A Catalog is the probes a program may enable: the checker matches each
// clause's probe descriptions against it as it checks the clause, as
// libdtrace's dt_probe_info looks them up while compiling, so that a
// description that matches nothing is a compile error (D_PDESC_ZERO)
// unless Config.ZeroProbes allows it.
type Catalog interface {
	// Match returns the probes d matches, in id order. An error with a
	// method DiagTag() string is reported as it says, with that tag.
	Match(d probe.Desc) ([]Probe, error)
}

// DescOf returns the description pd is, once the checker has expanded its
// macros. The checker refuses ids that do not fit 32 bits; id 0 is
// DTRACE_IDNONE, a description whose fields, all empty, match every
// probe, as in DTrace.
func DescOf(pd *ast.ProbeDesc) probe.Desc {
	if pd.Count == 0 {
		return probe.Desc{ID: uint32(pd.ID)}
	}
	return probe.Desc{Provider: pd.Provider, Module: pd.Module, Function: pd.Func, Name: pd.Name}
}

// Probe is a probe a description matches.
type Probe struct {
	ID                               uint32
	Provider, Module, Function, Name string
	// NArgs is the number of arguments the probe passes, -1 when
	// unknown.
	NArgs int
	// Stable says which fields of a description that matches several
	// probes must be written out for the first probe's argument types to
	// stand for all (dt_probe_info).
	Stable Stability
	// Args returns the probe's typed arguments, args[0] first, with
	// known false when its provider does not say them; nil is as known
	// false. The checker asks only for the first probe a description
	// matches, and only when a clause uses args[]: a description matching
	// 50,000 kernel functions converts the types of one.
	Args func() (args []Arg, known bool, err error)
}

// Stability is the part of a provider's stability attributes that
// dt_probe_info's rules read: whether the data of its arguments, and the
// names of its modules, functions and probes, are Evolving or better.
type Stability struct {
	Args, Module, Function, Name bool
}

// Arg is a typed argument of a probe: args[i].
type Arg struct {
	// Name is the argument's C type as dtrace -lv prints it.
	Name string
	// Type is the type, when the catalog resolved it (from BTF); nil
	// makes the checker resolve Name, a C type name, against the D and
	// kernel types it knows.
	Type *types.Type
	// Slot is the argument slot (argN) that holds the value: its first,
	// for a struct passed by value in two.
	Slot int
	// Native, when not empty, is the C type of the value in the slot:
	// Type (Name) is then a pointer to a struct the D library's
	// translator from Native gives, and args[i]'s members are read
	// through it.
	Native string
}

// ArgRef is what the checker says of one args[i]: the slot its value
// starts in, and how many it takes (a struct passed by value may take
// two).
type ArgRef struct {
	Slot, Slots int
}

// matchDesc matches pd against the catalog, recording the probes in
// Info.Matches, and fails as DTrace does when it matches none.
func (c *Checker) matchDesc(pd *ast.ProbeDesc) {
	if c.cfg.Probes == nil {
		return
	}
	d := DescOf(pd)
	ps, err := c.cfg.Probes.Match(d)
	var tagged interface{ DiagTag() string }
	switch {
	case errors.As(err, &tagged):
		// A provider's refusal in DTrace's words (offset 0x3 is not
		// aligned on an instruction).
		c.errorf(pd, diag.Tag(tagged.DiagTag()), "%s", tagged.(error).Error())
	case err != nil:
		c.errorf(pd, diag.D_PDESC_INVAL, "probe description %v: %v", d, err)
	}
	switch {
	case len(ps) == 0 && d.ID != 0:
		// dt_node_pdesc_by_id: an id no probe has is invalid, -Z or
		// not (dtrace_id2desc's EDT_NOPROBE).
		c.errorf(pd, diag.D_PDESC_INVAL, "invalid probe identifier %d: No probe matches description", d.ID)
	case len(ps) == 0 && !c.cfg.ZeroProbes:
		c.errorf(pd, diag.D_PDESC_ZERO, "probe description %v does not match any probes", d)
	}
	if c.info.Matches == nil {
		c.info.Matches = map[*ast.ProbeDesc][]Probe{}
	}
	c.info.Matches[pd] = ps
}
