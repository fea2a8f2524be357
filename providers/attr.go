package providers

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
