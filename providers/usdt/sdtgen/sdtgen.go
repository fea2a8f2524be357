// Package sdtgen writes what an application's build makes of the
// providers it declares in D (provider myapp { probe query__start(char *,
// int); };): the C header of probe macros dtrace -h writes and the object
// dtrace -G writes, in the form SystemTap's dtrace script gives them on
// Linux, so that the probes are SystemTap SDT probes (sys/sdt.h's format)
// that dtrace-go's usdt provider, gdb, perf and bpftrace all read.
//
// The header defines, for each probe, PROVIDER_PROBE(arg0, ...), which
// places a probe site (a nop, and a note in section .note.stapsdt giving
// each argument's size and location), and PROVIDER_PROBE_ENABLED(), true
// while the probe is traced: a tracer raises the probe's semaphore, the
// unsigned short provider_probe_semaphore in section .probes, which the
// object defines. The macros are the header's own, written out in full:
// the build needs no sys/sdt.h, no SystemTap and no compiler at dtrace's
// run time (the object is written here, not compiled).
//
// It is part of dtrace-go's implementation, not of its API (README.md's
// layout table names the packages a program imports).
package sdtgen

import (
	"fmt"
	"strings"
)

// Provider is a provider an application declares.
type Provider struct {
	Name   string
	Probes []Probe
}

// Probe is one probe of a provider.
type Probe struct {
	// Name is the probe's name as declared: each "__" is kept (DTrace
	// shows it as "-"); the notes and the semaphore carry it so.
	Name string
	// Args are the native argument types, as D names them ("char *"),
	// what the application passes to the probe's macro.
	Args []string
	// XArgs are the translated types D sees, nil when the declaration
	// translates none.
	XArgs []string
}

// MaxArgs is the most arguments a probe may have: what sys/sdt.h's
// macros take (STAP_PROBE12), and what the tools reading the notes
// expect.
const MaxArgs = 12

// Semaphore returns the name of a probe's semaphore, as SystemTap's
// dtrace names it: PROVIDER_PROBE_semaphore, the names as declared.
func Semaphore(provider, probe string) string {
	return provider + "_" + probe + "_semaphore"
}

// MacroName returns the name of a probe's macro: the provider's and the
// probe's names upper-cased, joined by "_", each "__" of the probe's name
// one "_" (each "-" of DTrace's form of it), as both DTrace and
// SystemTap's dtrace name it.
func MacroName(provider, probe string) string {
	return upperIdent(provider) + "_" + upperIdent(strings.ReplaceAll(probe, "__", "-"))
}

// upperIdent is dt_header_fmt_macro: letters upper-cased, "-" and "."
// (and anything else no C identifier holds) "_".
func upperIdent(s string) string {
	b := []byte(s)
	for i, c := range b {
		switch {
		case c >= 'a' && c <= 'z':
			b[i] = c - 'a' + 'A'
		case c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '_':
		default:
			b[i] = '_'
		}
	}
	return string(b)
}

// check reports what makes providers unfit for a header or an object:
// names that C cannot hold in an identifier, probes of too many
// arguments.
func check(provs []Provider) error {
	for _, pv := range provs {
		if !cIdent(pv.Name) {
			return fmt.Errorf("provider %s: the name is not a C identifier", pv.Name)
		}
		for _, pr := range pv.Probes {
			if !cIdent(pr.Name) {
				return fmt.Errorf("probe %s:%s: the name is not a C identifier", pv.Name, pr.Name)
			}
			if len(pr.Args) > MaxArgs {
				return fmt.Errorf("probe %s:%s has %d arguments: SDT probes have at most %d", pv.Name, pr.Name, len(pr.Args), MaxArgs)
			}
		}
	}
	return nil
}

func cIdent(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}
