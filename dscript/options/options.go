// Package options knows every DTrace option: its name, the syntax of its
// value and DTrace's rules for accepting it (libdtrace's dt_options.c).
//
// Validate checks one option as "dtrace -x name=value" gives it;
// ValidatePragma checks it as "#pragma D option name=value" does, where
// options that only make sense before compilation (the preprocessor's) are
// refused. Set records validated settings in order and reads them back.
//
// The package does no work at start-up: the option table is static data.
//
// It is part of dtrace-go's implementation, not of its API (README.md's
// layout table names the packages a program imports).
package options

import (
	"errors"
	"strings"
)

// Errors returned by Validate, matched with errors.Is. Their text is
// libdtrace's message for the corresponding EDT_* error (dt_error.c), which
// dtrace(1) prints after "failed to set -x NAME: ".
var (
	ErrBadName          = errors.New("Invalid option name")
	ErrBadValue         = errors.New("Invalid value for specified option")
	ErrBadContext       = errors.New("Option cannot be used from within a D program")
	ErrVersionInvalid   = errors.New("Version is not properly formatted or is too large")
	ErrVersionUndefined = errors.New("Requested version is not supported by compiler")
	ErrVersionReduced   = errors.New("Requested version conflicts with earlier setting")
	// ErrOverflow is strerror(EOVERFLOW), which dt_opt_strsize returns for a
	// string size above UINT_MAX.
	ErrOverflow = errors.New("Value too large for defined data type")
	// ErrNoReg is EDT_NOREG's text: iregs below the registers the code
	// generator needs (dt_opt_iregs).
	ErrNoReg = errors.New("Insufficient registers to generate code")
)

// Error is the error Validate returns: the option it concerns and one of the
// sentinel errors above. Its text is the sentinel's, exactly as DTrace
// prints it.
type Error struct {
	Name  string
	Value string
	Given bool
	Err   error
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// Class says when an option takes effect (the three tables of dt_options.c).
type Class int

const (
	CompileTime    Class = iota // _dtrace_ctoptions
	Runtime                     // _dtrace_rtoptions: fixed once tracing starts
	DynamicRuntime              // _dtrace_drtoptions: may change while tracing
)

// Kind is the syntax of an option's value.
type Kind int

const (
	// Flag takes no value (dt_opt_cflags, dt_opt_agg, ...): "-x zdefs".
	Flag Kind = iota
	// Bool is a run-time option holding an integer or a boolean
	// (dt_opt_runtime): "-x quiet", "-x quiet=no", "-x cpu=3". Given
	// without a value it is set; "" and the negative words unset it.
	Bool
	// Size is a byte count with an optional k, m, g or t suffix
	// (dt_optval_parse).
	Size
	// Rate is a time interval: nanoseconds, or a number with a suffix ns,
	// us, ms, s, m, h, d (and nsec, usec, msec, sec, min, hour, day) or hz
	// (dt_opt_rate). A bare number is nanoseconds.
	Rate
	// Enum takes one of a fixed set of words.
	Enum
	// String takes any value, which is required.
	String
	// Positive is atoi(value) > 0 (iregs, tree, tregs).
	Positive
	// NonNegative is atoi(value) >= 0 (pgmax, disasm, useruid).
	NonNegative
	// Version is a D version "1.x[.y]" that the compiler defines.
	Version
	// Attr is a stability triple "name/data/class" (amin).
	Attr
	// Any accepts the option with or without any value (droptags,
	// lazyload, linknommap).
	Any
)

// Spec describes one option.
type Spec struct {
	Name  string
	Class Class
	Kind  Kind
	// Words are the accepted values of an Enum option.
	Words []string
	// Fold makes an Enum option's match case-insensitive (linktype).
	Fold bool
	// NoPragma is set for options that dt_options.c refuses while a D
	// program is being compiled (EDT_BADOPTCTX): they configure the
	// preprocessor or the environment of processes before compilation.
	NoPragma bool
	// Inverse names the option that undoes this one (kdefs undoes
	// knodefs, udefs undoes unodefs).
	Inverse string
	// Added is set for options only Oracle's Linux port or dtrace-go has.
	Added bool
}

// specs lists every option DTrace accepts, in dt_options.c order: the
// compile-time table, then the dynamic and the fixed run-time ones. It is the
// union of illumos and Oracle Linux DTrace (Added marks the Linux ones);
// where both have an option with different rules, illumos wins.
var specs = [...]Spec{
	// Compile-time options.
	{Name: "aggpercpu", Kind: Flag},
	{Name: "amin", Kind: Attr},
	{Name: "argref", Kind: Flag},
	{Name: "core", Kind: Flag},
	{Name: "cpp", Kind: Flag},
	{Name: "cppargs", Kind: String, NoPragma: true, Added: true},
	{Name: "cpphdrs", Kind: Flag, NoPragma: true},
	{Name: "cpppath", Kind: String, NoPragma: true},
	{Name: "ctfpath", Kind: String, NoPragma: true, Added: true},
	{Name: "ctypes", Kind: String},
	{Name: "debug", Kind: Flag},
	{Name: "debugassert", Kind: Enum, Words: []string{"mutexes"}, Added: true},
	{Name: "defaultargs", Kind: Flag},
	{Name: "define", Kind: String, NoPragma: true},
	{Name: "disasm", Kind: NonNegative, Added: true},
	{Name: "droptags", Kind: Any},
	{Name: "dtypes", Kind: String},
	{Name: "empty", Kind: Flag},
	{Name: "encoding", Kind: Enum, Words: []string{"ascii", "utf8"}},
	{Name: "errtags", Kind: Flag},
	{Name: "evaltime", Kind: Enum, Words: []string{"exec", "preinit", "postinit", "main"}},
	{Name: "incdir", Kind: String, NoPragma: true},
	{Name: "iregs", Kind: Positive},
	{Name: "kdefs", Kind: Flag, Inverse: "knodefs"},
	{Name: "knodefs", Kind: Flag, Inverse: "kdefs"},
	{Name: "late", Kind: Enum, Words: []string{"dynamic", "static"}},
	{Name: "lazyload", Kind: Any},
	{Name: "ldpath", Kind: String, NoPragma: true},
	{Name: "libdir", Kind: String},
	{Name: "linkmode", Kind: Enum, Words: []string{"kernel", "primary", "dynamic", "static"}},
	{Name: "linknommap", Kind: Any, Added: true},
	{Name: "linktype", Kind: Enum, Words: []string{"elf", "dof"}, Fold: true},
	{Name: "modpath", Kind: String, NoPragma: true, Added: true},
	{Name: "nolibs", Kind: Flag},
	{Name: "pgmax", Kind: NonNegative},
	{Name: "preallocate", Kind: Size, Added: true},
	{Name: "procfspath", Kind: String, NoPragma: true, Added: true},
	{Name: "pspec", Kind: Flag},
	{Name: "setenv", Kind: String, NoPragma: true},
	{Name: "stdc", Kind: Enum, Words: []string{"a", "c", "s", "t"}, NoPragma: true},
	{Name: "strip", Kind: Flag},
	{Name: "syslibdir", Kind: String},
	{Name: "sysslice", Kind: String, Added: true},
	{Name: "tree", Kind: Positive},
	{Name: "tregs", Kind: Positive},
	{Name: "udefs", Kind: Flag, Inverse: "unodefs"},
	{Name: "undef", Kind: String, NoPragma: true},
	{Name: "unodefs", Kind: Flag, Inverse: "udefs"},
	{Name: "unsetenv", Kind: String, NoPragma: true},
	{Name: "useruid", Kind: NonNegative, Added: true},
	{Name: "verbose", Kind: Flag},
	{Name: "version", Kind: Version},
	{Name: "zdefs", Kind: Flag},

	// Dynamic run-time options.
	{Name: "agghist", Class: DynamicRuntime, Kind: Bool},
	{Name: "aggpack", Class: DynamicRuntime, Kind: Bool},
	{Name: "aggrate", Class: DynamicRuntime, Kind: Rate},
	{Name: "aggsortkey", Class: DynamicRuntime, Kind: Bool},
	{Name: "aggsortkeypos", Class: DynamicRuntime, Kind: Bool},
	{Name: "aggsortpos", Class: DynamicRuntime, Kind: Bool},
	{Name: "aggsortrev", Class: DynamicRuntime, Kind: Bool},
	{Name: "aggzoom", Class: DynamicRuntime, Kind: Bool},
	{Name: "flowindent", Class: DynamicRuntime, Kind: Bool},
	{Name: "printsize", Class: DynamicRuntime, Kind: Size, Added: true},
	{Name: "quiet", Class: DynamicRuntime, Kind: Bool},
	{Name: "quietresize", Class: DynamicRuntime, Kind: Bool, Added: true},
	{Name: "rawbytes", Class: DynamicRuntime, Kind: Bool},
	{Name: "stackindent", Class: DynamicRuntime, Kind: Bool},
	{Name: "switchrate", Class: DynamicRuntime, Kind: Rate},

	// Run-time options.
	{Name: "aggsize", Class: Runtime, Kind: Size},
	// bpflog asks for the BPF verifier log of every program loaded;
	// Oracle's port has it too, as a plain run-time option.
	{Name: "bpflog", Class: Runtime, Kind: Bool, Added: true},
	{Name: "bpflogsize", Class: Runtime, Kind: Size, Added: true},
	{Name: "bufpolicy", Class: Runtime, Kind: Enum, Words: []string{"ring", "fill", "switch"}},
	{Name: "bufresize", Class: Runtime, Kind: Enum, Words: []string{"auto", "manual"}},
	{Name: "bufsize", Class: Runtime, Kind: Size},
	{Name: "cleanrate", Class: Runtime, Kind: Rate},
	{Name: "cpu", Class: Runtime, Kind: Bool},
	{Name: "destructive", Class: Runtime, Kind: Bool},
	{Name: "dynvarsize", Class: Runtime, Kind: Size},
	// folded=FILE writes the stack-keyed aggregations as folded stacks
	// (flame graphs) when tracing ends.
	{Name: "folded", Class: Runtime, Kind: String, Added: true},
	{Name: "grabanon", Class: Runtime, Kind: Bool},
	// httpserver=HOST:PORT serves the aggregations over HTTP while
	// tracing runs (/metrics, /debug/pprof/NAME).
	{Name: "httpserver", Class: Runtime, Kind: String, Added: true},
	{Name: "jstackframes", Class: Runtime, Kind: Bool},
	{Name: "jstackstrsize", Class: Runtime, Kind: Size},
	// lockmem takes "unlimited" or a size; dt_opt_lockmem ignores a bad
	// size, so any value is accepted.
	{Name: "lockmem", Class: Runtime, Kind: String, Added: true},
	{Name: "maxframes", Class: Runtime, Kind: Bool, Added: true},
	{Name: "noresolve", Class: Runtime, Kind: Bool, Added: true},
	{Name: "nspec", Class: Runtime, Kind: Bool},
	// oformat is FreeBSD's structured output; "json" writes JSON Lines.
	{Name: "oformat", Class: Runtime, Kind: Enum, Words: []string{"text", "json"}, Added: true},
	{Name: "pcapsize", Class: Runtime, Kind: Size, Added: true},
	// pprof=FILE writes the aggregations as a pprof profile when
	// tracing ends.
	{Name: "pprof", Class: Runtime, Kind: String, Added: true},
	{Name: "scratchsize", Class: Runtime, Kind: Size, Added: true},
	{Name: "specsize", Class: Runtime, Kind: Size},
	{Name: "stackframes", Class: Runtime, Kind: Bool},
	{Name: "statusrate", Class: Runtime, Kind: Rate},
	{Name: "strsize", Class: Runtime, Kind: Size},
	{Name: "temporal", Class: Runtime, Kind: Bool},
	{Name: "ustackframes", Class: Runtime, Kind: Bool},
	// zone names an illumos zone; Linux has none to check it against.
	{Name: "zone", Class: Runtime, Kind: String},
}

// Lookup returns the description of the named option.
func Lookup(name string) (*Spec, bool) {
	for i := range specs {
		if specs[i].Name == name {
			return &specs[i], true
		}
	}
	return nil, false
}

// All returns every option, compile-time options first.
func All() []Spec { return specs[:] }

// Validate reports whether "-x name" (given false) or "-x name=value" (given
// true) would be accepted by dtrace_setopt before compilation.
func Validate(name, value string, given bool) error {
	return validate(name, value, given, false)
}

// ValidatePragma is Validate for "#pragma D option": options that
// configure the preprocessor are refused with ErrBadContext.
func ValidatePragma(name, value string, given bool) error {
	return validate(name, value, given, true)
}

func validate(name, value string, given, pragma bool) error {
	s, ok := Lookup(name)
	if !ok {
		return &Error{Name: name, Value: value, Given: given, Err: ErrBadName}
	}
	if err := s.check(value, given, pragma); err != nil {
		return &Error{Name: name, Value: value, Given: given, Err: err}
	}
	return nil
}

// check applies the option's rules in the order its dt_opt_* function does:
// presence of the value, then the context, then the value itself.
func (s *Spec) check(v string, given, pragma bool) error {
	ctx := func() error {
		if pragma && s.NoPragma {
			return ErrBadContext
		}
		return nil
	}
	// dt_opt_setenv tests the context before the value.
	if s.Name == "setenv" || s.Name == "unsetenv" {
		if err := ctx(); err != nil {
			return err
		}
	}

	switch s.Kind {
	case Flag:
		if given {
			return ErrBadValue
		}
		return ctx()
	case Any:
		return ctx()
	case Bool:
		if given {
			if _, err := parseRuntime(v); err != nil {
				return err
			}
		}
		return ctx()
	case Size:
		if !given {
			// Without a value a size is 0, which strsize refuses as it
			// refuses any below 2 (dt_opt_strsize: sizeof "\0").
			if s.Name == "preallocate" || s.Name == "strsize" {
				return ErrBadValue
			}
			return ctx()
		}
		n, err := parseSize(v)
		if err != nil {
			return err
		}
		if s.Name == "strsize" && n < 2 {
			return ErrBadValue
		}
		if s.Name == "strsize" && n > 1<<32-1 {
			return ErrOverflow
		}
		return ctx()
	case Rate:
		if given {
			if _, err := parseRate(v); err != nil {
				return err
			}
		}
		return ctx()
	}

	// Every other kind requires a value.
	if !given {
		return ErrBadValue
	}
	if err := ctx(); err != nil {
		return err
	}
	switch s.Kind {
	case Enum:
		for _, w := range s.Words {
			if w == v || s.Fold && strings.EqualFold(w, v) {
				return nil
			}
		}
		return ErrBadValue
	case Positive:
		n := atoi(v)
		if n <= 0 {
			return ErrBadValue
		}
		// dt_opt_iregs: the code generator uses DIF_DIR_NREGS (8)
		// registers, no more and no fewer.
		if s.Name == "iregs" && n > 8 {
			return ErrBadValue
		}
		if s.Name == "iregs" && n < 8 {
			return ErrNoReg
		}
	case NonNegative:
		if atoi(v) < 0 {
			return ErrBadValue
		}
	case Version:
		n, ok := ParseVersion(v)
		if !ok {
			return ErrVersionInvalid
		}
		if !VersionDefined(n) {
			return ErrVersionUndefined
		}
	case Attr:
		if !validAttr(v) {
			return ErrBadValue
		}
	case String:
		if s.Name == "unsetenv" && strings.Contains(v, "=") {
			return ErrBadValue
		}
		if (s.Name == "pprof" || s.Name == "folded") && v == "" {
			return ErrBadValue
		}
		if s.Name == "httpserver" && !validHostPort(v) {
			return ErrBadValue
		}
	}
	return nil
}

// validHostPort reports whether v is HOST:PORT ([HOST]:PORT for an IPv6
// address; HOST may be empty) with a port number from 0 to 65535.
func validHostPort(v string) bool {
	i := strings.LastIndexByte(v, ':')
	if i < 0 {
		return false
	}
	host, port := v[:i], v[i+1:]
	if strings.HasPrefix(host, "[") != strings.HasSuffix(host, "]") || strings.ContainsAny(host, " /") ||
		!strings.HasPrefix(host, "[") && strings.Contains(host, ":") {
		return false
	}
	if port == "" || len(port) > 5 {
		return false
	}
	n := 0
	for _, c := range port {
		if c < '0' || c > '9' {
			return false
		}
		n = n*10 + int(c-'0')
	}
	return n <= 65535
}
