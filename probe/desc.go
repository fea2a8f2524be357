// Package probe names DTrace's probes: a probe description (four fields,
// each a name or a pattern, or a probe id), the name DTrace writes for a
// probe, and the patterns that match a description's fields against
// probes' names.
//
// It is part of dtrace-go's API, and imports nothing of the module: the
// checker, the providers, the sinks and the Go API all speak of probes in
// its terms.
package probe

import "strconv"

// Desc is a probe description with its macros expanded (libdtrace's
// dtrace_probedesc_t): four fields, each a name or a pattern (Glob), or the
// id of one probe.
type Desc struct {
	// ID, when not 0, is the id of the one probe the description names;
	// the fields are then empty. ID 0 is DTRACE_IDNONE: a description
	// whose fields, all empty, match every probe.
	ID                               uint32
	Provider, Module, Function, Name string
}

// String returns the description as DTrace writes it (dtrace_desc2str):
// the id, or the four fields joined by colons.
func (d Desc) String() string {
	if d.ID != 0 {
		return strconv.FormatUint(uint64(d.ID), 10)
	}
	return Name(d.Provider, d.Module, d.Function, d.Name)
}

// Name returns a probe's full name as DTrace writes it: its four fields
// joined by colons ("syscall:vmlinux:read:entry").
func Name(provider, module, function, name string) string {
	return provider + ":" + module + ":" + function + ":" + name
}
