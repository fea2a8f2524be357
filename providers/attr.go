package providers

import "github.com/dtrace-go/dtrace/internal/kbtf"

// Stability is a DTrace stability level (dtrace_stability_t), lowest first.
type Stability uint8

// The stability levels, as dtrace -lv names them.
const (
	Internal Stability = iota
	Private
	Obsolete
	External
	Unstable
	Evolving
	Stable
	Standard
)

var stabilityNames = [...]string{"Internal", "Private", "Obsolete", "External", "Unstable", "Evolving", "Stable", "Standard"}

// String returns the level's name (dtrace_stability_name).
func (s Stability) String() string {
	if int(s) < len(stabilityNames) {
		return stabilityNames[s]
	}
	return "Unknown"
}

// Class is a DTrace dependency class (dtrace_class_t), narrowest first.
type Class uint8

// The dependency classes, as dtrace -lv names them.
const (
	ClassUnknown Class = iota
	ClassCPU
	ClassPlatform
	ClassGroup
	ClassISA
	ClassCommon
)

var classNames = [...]string{"Unknown", "CPU", "Platform", "Group", "ISA", "Common"}

// String returns the class's name (dtrace_class_name).
func (c Class) String() string {
	if int(c) < len(classNames) {
		return classNames[c]
	}
	return "Unknown"
}

// Attr is a stability attribute: the stability of names and of data, and
// the dependency class (dtrace_attribute_t).
type Attr struct {
	Name  Stability
	Data  Stability
	Class Class
}

// Min returns the attribute that is the lowest of a and b in each of its
// parts (dt_attr_min).
func (a Attr) Min(b Attr) Attr {
	return Attr{Name: min(a.Name, b.Name), Data: min(a.Data, b.Data), Class: min(a.Class, b.Class)}
}

// Attributes are a provider's stability attributes: of its provider,
// module, function and name fields and of its arguments
// (dtrace_pattr_t).
type Attributes struct {
	Provider, Module, Function, Name, Args Attr
}

// Probe returns the attributes of the description of one of the
// provider's probes: the lowest of the four fields' (dt_probe_info for a
// fully specified description).
func (a Attributes) Probe() Attr {
	return a.Provider.Min(a.Module).Min(a.Function).Min(a.Name)
}

// Unknown are the attributes of a provider that states none: private in
// everything.
var Unknown = Attributes{
	Provider: Attr{Private, Private, ClassUnknown},
	Module:   Attr{Private, Private, ClassUnknown},
	Function: Attr{Private, Private, ClassUnknown},
	Name:     Attr{Private, Private, ClassUnknown},
	Args:     Attr{Private, Private, ClassUnknown},
}

// Describer is implemented by providers that describe their probes further
// for dtrace -lv.
type Describer interface {
	// Attributes returns the provider's stability attributes.
	Attributes() Attributes
	// ArgTypes returns the C types of a probe's typed arguments,
	// args[0] first, as DTrace prints them ("struct task_struct *",
	// "unsigned int"); nil when the probe has none or they are not
	// known.
	ArgTypes(p *Probe) ([]string, error)
}

// ArgDesc describes one of a probe's typed arguments, args[i]: its C type
// and the argument slot its value is in.
type ArgDesc struct {
	// Type is the argument's C type as dtrace -lv prints it ("struct file
	// *", "size_t").
	Type string
	// Slot is the argument slot (argN) holding the value. args[i] and
	// argi differ where an earlier argument takes more than one slot: a
	// struct of 9 to 16 bytes passed by value takes two, whose first is
	// its Slot (libdtrace's argument mapping).
	Slot int
	// Native, when not empty, is the C type of the value in the slot,
	// which the D library's translator to Type (a pointer to a
	// translated struct: "psinfo_t *") takes: args[i] reads its members
	// through the translator ("struct task_struct *").
	Native string
	// BTF, when not nil, is the BTF the type was read from and ID the
	// type's id in it. The type is then resolved by its id, not by its
	// name, which may not name it (an anonymous struct, a module's type).
	BTF *kbtf.Spec
	ID  kbtf.TypeID
}

// ArgDescriber is implemented by providers that say more of their probes'
// arguments than Describer's type names: which slot holds each, and for
// types read from BTF, which type.
type ArgDescriber interface {
	// ArgDescs returns the typed arguments of probe p, args[0] first,
	// with known true when they are known (a probe may have none);
	// known false when they are not.
	ArgDescs(p *Probe) (args []ArgDesc, known bool, err error)
}

// ProbeArgs returns the typed arguments of probe p of provider prov, with
// known false when prov does not say them: from ArgDescs where prov is an
// ArgDescriber, else from Describer's type names (args[i] in slot i), a
// provider with such names knowing its probes' arguments when it names
// at least one.
func ProbeArgs(prov Provider, p *Probe) (args []ArgDesc, known bool, err error) {
	if ad, ok := prov.(ArgDescriber); ok {
		return ad.ArgDescs(p)
	}
	d, ok := prov.(Describer)
	if !ok {
		return nil, false, nil
	}
	names, err := d.ArgTypes(p)
	if err != nil || len(names) == 0 {
		return nil, false, err
	}
	args = make([]ArgDesc, len(names))
	for i, n := range names {
		args[i] = ArgDesc{Type: n, Slot: i}
	}
	return args, true, nil
}

// KernelError says that the running kernel cannot do what enabling some
// probes needs (fbt on a kernel without kprobes that refuses fentry).
type KernelError struct {
	// Reason is one line, worded for "could not enable tracing: ...".
	Reason string
	Err    error
}

func (e *KernelError) Error() string { return e.Reason }

func (e *KernelError) Unwrap() error { return e.Err }
