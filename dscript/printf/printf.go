// Package printf is D's printf-like formats: the format strings of
// printf(), printa(), system() and freopen(). It is part of dtrace-go's
// API: the records delivered to sinks carry their actions' formats parsed
// (sink.Action.Format), which the sinks render.
//
// Parse splits a format into literal text and conversions exactly as
// libdtrace's dt_printf_create does, looking each conversion up in
// DTrace's conversion dictionary (Conversion), with DTrace's messages for
// a format it rejects. A Format keeps everything the run-time side needs
// to print: for each conversion its flags, width, precision, length
// prefix and verb, which DTrace print routine formats it, and the C
// conversion DTrace hands to printf(3) for it (CFormat).
//
// Checking the arguments of an action against its format, as
// dt_printf_validate does, is the checker's (package dscript/check): it
// reads each conversion's dictionary entry (Conv.Dict) and, once the
// arguments fit, sizes the conversions for their types (Conv.OutFmt and
// FlagSigned), which the run-time side then relies on.
package printf

import (
	"fmt"
	"strconv"
	"strings"
)

// Flags are a conversion's format flags, as DTrace's DT_PFCONV_* bits.
type Flags uint16

// Flags.
const (
	FlagAlt      Flags = 1 << iota // '#': alternate form
	FlagZeroPad                    // '0': pad with zeroes
	FlagLeft                       // '-': left-align
	FlagPlus                       // '+': sign positive values
	FlagDynWidth                   // '*' width: taken from an argument
	FlagDynPrec                    // '.*' precision: taken from an argument
	FlagGroup                      // '\'': group thousands
	FlagSpace                      // ' ': leading space for positive values
	FlagAgg                        // '@': the aggregation's value (printa only)
	FlagSigned                     // set by the checker: the argument is a signed integer
)

// PrintKind says which of DTrace's print routines (pfprint_*) formats a
// conversion's value at run time. For printa, DTrace overrides it by the
// record's action (avg, stddev, quantize..., mod, umod); that is the
// run-time side's business.
type PrintKind uint8

// Print routines.
const (
	PrintSint    PrintKind = iota + 1 // signed integer
	PrintUint                         // unsigned integer
	PrintDint                         // signed or unsigned by the argument (FlagSigned)
	PrintFP                           // floating point
	PrintAddr                         // kernel address as symbol+offset (%a)
	PrintUAddr                        // user address as symbol+offset (%A)
	PrintStack                        // stack() / ustack() (%k)
	PrintTime                         // "1973 Dec  3 17:20:00" (%Y)
	PrintTime822                      // RFC 822 time (%T)
	PrintCStr                         // string (%s)
	PrintWStr                         // wide string (%ls, %ws)
	PrintEStr                         // string with escapes (%S)
	PrintEChr                         // char with escapes (%C)
	PrintPct                          // "%" (%%)
)

// CheckKind says which of DTrace's pfcheck_* functions accepts or refuses
// the type of a conversion's argument; the checker (dscript/check)
// applies it. "Integer" is an integer or enum type, D's special types
// (stack, _symaddr, _usymaddr) excepted.
type CheckKind uint8

// Checks.
const (
	CheckAddr      CheckKind = iota + 1 // pfcheck_addr: a pointer, array or integer (%p)
	CheckKAddr                          // pfcheck_kaddr: as CheckAddr, or _symaddr (%a)
	CheckUAddr                          // pfcheck_uaddr: _usymaddr; with a target process, also as CheckAddr (%A)
	CheckStack                          // pfcheck_stack: stack (%k)
	CheckTime                           // pfcheck_time: an 8-byte integer (%T, %Y)
	CheckStr                            // pfcheck_str: a string or an array of chars (%s, %S)
	CheckWStr                           // pfcheck_wstr: an array of 4-byte integers, enums aside (%ls, %ws)
	CheckCSI                            // pfcheck_csi: an integer of at most 4 bytes (%c, %C)
	CheckFP                             // pfcheck_fp: a floating-point type (%e, %f, %g...)
	CheckXInt                           // pfcheck_xint: an integer (%o, %u, %x, %X)
	CheckDInt                           // pfcheck_dint: an integer, output signed or not by its type (%d, %i)
	CheckXShort                         // pfcheck_xshort: short or unsigned short (%hx, %hX)
	CheckXLong                          // pfcheck_xlong: long or unsigned long (%lx, %lX)
	CheckXLongLong                      // pfcheck_xlonglong: long long, unsigned long long, [u]int64_t (%llx, %llX)
	CheckType                           // pfcheck_type: compatible with the type named by Proto (%ld, %hu, %Lf...)
)

// Conversion is an entry of DTrace's conversion dictionary
// (_dtrace_conversions).
type Conversion struct {
	Name string // as written after the flags: "d", "lld", "hx", "%"...

	// OFmt is the C conversion DTrace outputs the conversion with, before
	// it is sized for the argument's type: "d" for %d and %ld, "s" for
	// the conversions printed as strings (%a, %k, %Y...).
	OFmt string

	// Proto is the prototype DTrace's messages show for the conversion;
	// for CheckType, the name of the type the argument must be
	// compatible with.
	Proto string

	Check CheckKind // the check of the conversion's argument
	Print PrintKind // the print routine that formats its value
}

const (
	protoXInt  = "char, short, int, long, or long long"
	protoCSI   = "char, short, or int"
	protoFP    = "float, double, or long double"
	protoAddr  = "pointer or integer"
	protoUAddr = "pointer or integer (with -p/-c) or _usymaddr (without -p/-c)"
	protoCStr  = "char [] or string (or use stringof)"
	protoWStr  = "wchar_t []"
)

var conversionTable = []Conversion{
	{"a", "s", protoAddr, CheckKAddr, PrintAddr},
	{"A", "s", protoUAddr, CheckUAddr, PrintUAddr},
	{"c", "c", protoCSI, CheckCSI, PrintSint},
	{"C", "s", protoCSI, CheckCSI, PrintEChr},
	{"d", "d", protoXInt, CheckDInt, PrintDint},
	{"e", "e", protoFP, CheckFP, PrintFP},
	{"E", "E", protoFP, CheckFP, PrintFP},
	{"f", "f", protoFP, CheckFP, PrintFP},
	{"g", "g", protoFP, CheckFP, PrintFP},
	{"G", "G", protoFP, CheckFP, PrintFP},
	{"hd", "d", "short", CheckType, PrintSint},
	{"hi", "i", "short", CheckType, PrintSint},
	{"ho", "o", "unsigned short", CheckType, PrintUint},
	{"hu", "u", "unsigned short", CheckType, PrintUint},
	{"hx", "x", "short", CheckXShort, PrintUint},
	{"hX", "X", "short", CheckXShort, PrintUint},
	{"i", "i", protoXInt, CheckDInt, PrintDint},
	{"k", "s", "stack", CheckStack, PrintStack},
	{"lc", "lc", "int", CheckType, PrintSint},
	{"ld", "d", "long", CheckType, PrintSint},
	{"li", "i", "long", CheckType, PrintSint},
	{"lo", "o", "unsigned long", CheckType, PrintUint},
	{"lu", "u", "unsigned long", CheckType, PrintUint},
	{"ls", "ls", protoWStr, CheckWStr, PrintWStr},
	{"lx", "x", "long", CheckXLong, PrintUint},
	{"lX", "X", "long", CheckXLong, PrintUint},
	{"lld", "d", "long long", CheckType, PrintSint},
	{"lli", "i", "long long", CheckType, PrintSint},
	{"llo", "o", "unsigned long long", CheckType, PrintUint},
	{"llu", "u", "unsigned long long", CheckType, PrintUint},
	{"llx", "x", "long long", CheckXLongLong, PrintUint},
	{"llX", "X", "long long", CheckXLongLong, PrintUint},
	{"Le", "e", "long double", CheckType, PrintFP},
	{"LE", "E", "long double", CheckType, PrintFP},
	{"Lf", "f", "long double", CheckType, PrintFP},
	{"Lg", "g", "long double", CheckType, PrintFP},
	{"LG", "G", "long double", CheckType, PrintFP},
	{"o", "o", protoXInt, CheckXInt, PrintUint},
	{"p", "x", protoAddr, CheckAddr, PrintUint},
	{"s", "s", protoCStr, CheckStr, PrintCStr},
	{"S", "s", protoCStr, CheckStr, PrintEStr},
	{"T", "s", "int64_t", CheckTime, PrintTime822},
	{"u", "u", protoXInt, CheckXInt, PrintUint},
	{"wc", "wc", "int", CheckType, PrintSint},
	{"ws", "ws", protoWStr, CheckWStr, PrintWStr},
	{"x", "x", protoXInt, CheckXInt, PrintUint},
	{"X", "X", protoXInt, CheckXInt, PrintUint},
	{"Y", "s", "int64_t", CheckTime, PrintTime},
	{"%", "%", "void", CheckType, PrintPct},
}

var conversions = func() map[string]*Conversion {
	m := make(map[string]*Conversion, len(conversionTable))
	for i := range conversionTable {
		m[conversionTable[i].Name] = &conversionTable[i]
	}
	return m
}()

// Conv is one conversion of a format, with the literal text before it.
type Conv struct {
	Prefix string // literal text between the previous conversion and this one

	Name   string // DTrace's name for the conversion: "d", "lld", "hx", "s", "%"...
	Length string // the length letters of Name ("", "h", "l", "ll", "L", "w")
	Verb   byte   // the conversion character, Name's last byte
	Flags  Flags
	Width  int // field width, 0 if none (or '?', which sets 16)
	Prec   int // precision, 0 if none

	Proto string    // the prototype DTrace's messages show for the conversion
	Print PrintKind // the print routine DTrace formats the value with

	// OutFmt is the C conversion (length prefix and conversion character,
	// without '%', flags, width and precision) that DTrace passes to
	// printf(3): from Parse, the conversion as written (or "s" for the
	// conversions that print a string, such as %a and %Y); once the
	// checker has accepted the arguments, the conversion sized for the
	// argument's type ("lld" for %d of a long, "u" for %d of an unsigned
	// int, "Lf" for %f of a long double).
	OutFmt string

	conv *Conversion
}

// Dict returns c's entry in DTrace's conversion dictionary: the one Parse
// found for it, or for a Conv not made by Parse, the one Name names. It
// reports false if Name names none.
func (c *Conv) Dict() (Conversion, bool) {
	cv := c.conv
	if cv == nil {
		if cv = conversions[c.Name]; cv == nil {
			return Conversion{}, false
		}
	}
	return *cv, true
}

// Format is a parsed D format string: its conversions in order (%%
// included), each with the literal text before it, and the text after the
// last one.
type Format struct {
	Source string  // the format string (up to a NUL byte, which ends it as in C)
	Convs  []*Conv // the conversions, in order
	Suffix string  // literal text after the last conversion
}

// Problem is a format Parse rejects: libdtrace's tag for the error, by
// its name ("D_SYNTAX"), and DTrace's message (without the trailing
// newline).
type Problem struct {
	Tag string
	Msg string
}

// Error returns the message.
func (p *Problem) Error() string { return p.Msg }

// Parse parses a D format string as dt_printf_create does. An invalid
// format gives a *Problem with tag D_SYNTAX and DTrace's message. The
// empty format parses; the checker rejects it.
func Parse(format string) (*Format, error) {
	if i := strings.IndexByte(format, 0); i >= 0 {
		format = format[:i] // C: the string ends at the NUL
	}
	f := &Format{Source: format}
	s := format
	q := 0
	for {
		pct := strings.IndexByte(s[q:], '%')
		if pct < 0 {
			break
		}
		p := q + pct
		n := len(f.Convs) + 1 // DTrace's pfv_argc: this conversion's number
		c := &Conv{Prefix: s[q:p]}
		f.Convs = append(f.Convs, c)

		at := func(i int) byte { // C's view: NUL past the end
			if i < len(s) {
				return s[i]
			}
			return 0
		}
		var name []byte
		digits, dot := 0, 0
	loop:
		for {
			p++
			ch := at(p)
			switch {
			case ch >= '0' && ch <= '9':
				if dot == 0 && digits == 0 && ch == '0' {
					c.Flags |= FlagZeroPad
					c.Flags &^= FlagLeft
					continue
				}
				var v int32 // C int arithmetic, wrapping on overflow
				for ; ch >= '0' && ch <= '9'; ch = at(p) {
					v = v*10 + int32(ch-'0')
					p++
				}
				if dot != 0 {
					c.Prec = int(v)
				} else {
					c.Width = int(v)
				}
				p--
				digits++
			case ch == '#':
				c.Flags |= FlagAlt
			case ch == '*':
				fl, what := FlagDynWidth, "width"
				if dot != 0 {
					fl, what = FlagDynPrec, "precision"
				}
				if c.Flags&fl != 0 {
					return nil, syntaxf("format conversion #%d has more than one '*' specified for the output %s", n, what)
				}
				c.Flags |= fl
			case ch == '+':
				c.Flags |= FlagPlus
			case ch == '-':
				c.Flags |= FlagLeft
				c.Flags &^= FlagZeroPad
			case ch == '.':
				if dot != 0 {
					return nil, syntaxf("format conversion #%d has more than one '.' specified", n)
				}
				dot++
				digits = 0
			case ch == '?':
				c.Width = 16 // LP64
			case ch == '@':
				c.Flags |= FlagAgg
			case ch == '\'':
				c.Flags |= FlagGroup
			case ch == ' ':
				c.Flags |= FlagSpace
			case ch == '$':
				return nil, syntaxf("format conversion #%d uses unsupported positional format (%%n$)", n)
			case ch == '%' && s[p-1] != '%':
				return nil, syntaxf("format conversion #%d cannot be combined with other format flags: %%%%", n)
			case ch == 0:
				return nil, syntaxf("format conversion #%d name expected before end of format string", n)
			case ch == 'h' || ch == 'l' || ch == 'L' || ch == 'w':
				if len(name) < 6 { // DTrace's char name[8], less the conversion and NUL
					name = append(name, ch)
				}
			default: // the conversion character (or the second % of %%)
				name = append(name, ch)
				break loop
			}
		}
		c.Name = string(name)
		cv := conversions[c.Name]
		if cv == nil {
			return nil, syntaxf("format conversion #%d is undefined: %%%s", n, c.Name)
		}
		c.conv = cv
		c.Length = c.Name[:len(c.Name)-1]
		c.Verb = c.Name[len(c.Name)-1]
		c.Proto = cv.Proto
		c.Print = cv.Print
		c.OutFmt = apiFmt(cv)
		q = p + 1
	}
	f.Suffix = s[q:]
	return f, nil
}

// apiFmt is pfd_fmt as dtrace_printf_create leaves it, before any check:
// the conversion as written, or "s" for those printed as strings.
func apiFmt(cv *Conversion) string {
	if cv.OFmt == "s" {
		return "s"
	}
	return cv.Name
}

func syntaxf(format string, args ...any) *Problem {
	return &Problem{Tag: "D_SYNTAX", Msg: fmt.Sprintf(format, args...)}
}

// CFormat returns the printf(3) format DTrace builds at run time for c, as
// dt_printf_format does: '%', the flags, the width and precision, and
// OutFmt. dynWidth and dynPrec are the values of the '*' and '.*'
// arguments; they are used only when c has a dynamic width or precision.
// A negative width left-aligns; a precision of 0 or less is left out, as
// DTrace does; %-k (a left-aligned stack) has its width dropped, as
// DTrace uses it for the indentation instead.
func (c *Conv) CFormat(dynWidth, dynPrec int) string {
	if c.Print == PrintPct {
		return "%%"
	}
	width, prec := c.Width, c.Prec
	if c.Flags&FlagDynWidth != 0 {
		width = dynWidth
	}
	if c.Flags&FlagDynPrec != 0 {
		prec = dynPrec
	}
	var b strings.Builder
	b.WriteByte('%')
	if c.Flags&FlagAlt != 0 {
		b.WriteByte('#')
	}
	if c.Flags&FlagZeroPad != 0 {
		b.WriteByte('0')
	}
	if width < 0 || c.Flags&FlagLeft != 0 {
		b.WriteByte('-')
	}
	if c.Flags&FlagPlus != 0 {
		b.WriteByte('+')
	}
	if c.Flags&FlagGroup != 0 {
		b.WriteByte('\'')
	}
	if c.Flags&FlagSpace != 0 {
		b.WriteByte(' ')
	}
	if c.Print == PrintStack && c.Flags&FlagLeft != 0 {
		width = 0
	}
	if width != 0 {
		if width < 0 {
			width = -width
		}
		b.WriteString(strconv.Itoa(width))
	}
	if prec > 0 {
		b.WriteByte('.')
		b.WriteString(strconv.Itoa(prec))
	}
	b.WriteString(c.OutFmt)
	return b.String()
}

// String returns the conversion as it could be written in a format (flags,
// width, precision and name; not the prefix): parsing it gives c again.
func (c *Conv) String() string {
	if c.Print == PrintPct {
		return "%%"
	}
	var b strings.Builder
	b.WriteByte('%')
	for _, x := range []struct {
		f Flags
		s string
	}{{FlagAlt, "#"}, {FlagZeroPad, "0"}, {FlagLeft, "-"}, {FlagPlus, "+"},
		{FlagGroup, "'"}, {FlagSpace, " "}, {FlagAgg, "@"}, {FlagDynWidth, "*"}} {
		if c.Flags&x.f != 0 {
			b.WriteString(x.s)
		}
	}
	if c.Width != 0 {
		b.WriteString(strconv.Itoa(c.Width))
	}
	if c.Flags&FlagDynPrec != 0 || c.Prec != 0 {
		b.WriteByte('.')
		if c.Flags&FlagDynPrec != 0 {
			b.WriteByte('*')
		}
		if c.Prec != 0 {
			b.WriteString(strconv.Itoa(c.Prec))
		}
	}
	b.WriteString(c.Name)
	return b.String()
}

// ArgConvs returns, for each argument a format consumes in order, the
// conversion whose value it is, or nil for an argument that gives a '*'
// width or precision.
func (f *Format) ArgConvs() []*Conv {
	var out []*Conv
	for _, c := range f.Convs {
		if c.Name == "%" || c.Flags&FlagAgg != 0 {
			continue
		}
		if c.Flags&FlagDynWidth != 0 {
			out = append(out, nil)
		}
		if c.Flags&FlagDynPrec != 0 {
			out = append(out, nil)
		}
		out = append(out, c)
	}
	return out
}
