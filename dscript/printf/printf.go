// Package printf is the compile-time side of D's printf-like formats: the
// format strings of printf(), printa(), system() and freopen(). Parse splits
// a format into literal text and conversions exactly as libdtrace's
// dt_printf_create does, and Check / CheckPrinta check the conversions
// against the types of the arguments (or of an aggregation's keys and
// value) as dt_printf_validate does, with DTrace's tags and messages.
//
// A Format keeps everything the run-time side needs to print: for each
// conversion its flags, width, precision, length prefix and verb, which
// DTrace print routine formats it, and (once checked) the C conversion
// DTrace hands to printf(3) for it.
package printf

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dtrace-go/dtrace/dscript/diag"
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
	FlagSigned                     // set by Check: the argument is a signed integer
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

// checkKind names DTrace's pfcheck_* function for a conversion.
type checkKind uint8

const (
	chkAddr checkKind = iota + 1
	chkKAddr
	chkUAddr
	chkStack
	chkTime
	chkStr
	chkWStr
	chkCSI
	chkFP
	chkXInt
	chkDInt
	chkXShort
	chkXLong
	chkXLongLong
	chkType
)

// conversion is an entry of DTrace's conversion dictionary
// (_dtrace_conversions): its name as written after the flags, the C
// conversion it is output with, the prototype text of error messages (or
// the type name pfcheck_type looks up), the check and the print routine.
type conversion struct {
	name  string
	ofmt  string
	proto string
	check checkKind
	print PrintKind
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

var conversionTable = []conversion{
	{"a", "s", protoAddr, chkKAddr, PrintAddr},
	{"A", "s", protoUAddr, chkUAddr, PrintUAddr},
	{"c", "c", protoCSI, chkCSI, PrintSint},
	{"C", "s", protoCSI, chkCSI, PrintEChr},
	{"d", "d", protoXInt, chkDInt, PrintDint},
	{"e", "e", protoFP, chkFP, PrintFP},
	{"E", "E", protoFP, chkFP, PrintFP},
	{"f", "f", protoFP, chkFP, PrintFP},
	{"g", "g", protoFP, chkFP, PrintFP},
	{"G", "G", protoFP, chkFP, PrintFP},
	{"hd", "d", "short", chkType, PrintSint},
	{"hi", "i", "short", chkType, PrintSint},
	{"ho", "o", "unsigned short", chkType, PrintUint},
	{"hu", "u", "unsigned short", chkType, PrintUint},
	{"hx", "x", "short", chkXShort, PrintUint},
	{"hX", "X", "short", chkXShort, PrintUint},
	{"i", "i", protoXInt, chkDInt, PrintDint},
	{"k", "s", "stack", chkStack, PrintStack},
	{"lc", "lc", "int", chkType, PrintSint},
	{"ld", "d", "long", chkType, PrintSint},
	{"li", "i", "long", chkType, PrintSint},
	{"lo", "o", "unsigned long", chkType, PrintUint},
	{"lu", "u", "unsigned long", chkType, PrintUint},
	{"ls", "ls", protoWStr, chkWStr, PrintWStr},
	{"lx", "x", "long", chkXLong, PrintUint},
	{"lX", "X", "long", chkXLong, PrintUint},
	{"lld", "d", "long long", chkType, PrintSint},
	{"lli", "i", "long long", chkType, PrintSint},
	{"llo", "o", "unsigned long long", chkType, PrintUint},
	{"llu", "u", "unsigned long long", chkType, PrintUint},
	{"llx", "x", "long long", chkXLongLong, PrintUint},
	{"llX", "X", "long long", chkXLongLong, PrintUint},
	{"Le", "e", "long double", chkType, PrintFP},
	{"LE", "E", "long double", chkType, PrintFP},
	{"Lf", "f", "long double", chkType, PrintFP},
	{"Lg", "g", "long double", chkType, PrintFP},
	{"LG", "G", "long double", chkType, PrintFP},
	{"o", "o", protoXInt, chkXInt, PrintUint},
	{"p", "x", protoAddr, chkAddr, PrintUint},
	{"s", "s", protoCStr, chkStr, PrintCStr},
	{"S", "s", protoCStr, chkStr, PrintEStr},
	{"T", "s", "int64_t", chkTime, PrintTime822},
	{"u", "u", protoXInt, chkXInt, PrintUint},
	{"wc", "wc", "int", chkType, PrintSint},
	{"ws", "ws", protoWStr, chkWStr, PrintWStr},
	{"x", "x", protoXInt, chkXInt, PrintUint},
	{"X", "X", protoXInt, chkXInt, PrintUint},
	{"Y", "s", "int64_t", chkTime, PrintTime},
	{"%", "%", "void", chkType, PrintPct},
}

var conversions = func() map[string]*conversion {
	m := make(map[string]*conversion, len(conversionTable))
	for i := range conversionTable {
		m[conversionTable[i].name] = &conversionTable[i]
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
	// conversions that print a string, such as %a and %Y); after a
	// successful Check, the conversion sized for the argument's type ("lld"
	// for %d of a long, "u" for %d of an unsigned int, "Lf" for %f of a
	// long double).
	OutFmt string

	conv *conversion
}

// Format is a parsed D format string: its conversions in order (%%
// included), each with the literal text before it, and the text after the
// last one.
type Format struct {
	Source string  // the format string (up to a NUL byte, which ends it as in C)
	Convs  []*Conv // the conversions, in order
	Suffix string  // literal text after the last conversion
}

// Problem is a format or argument error: DTrace's tag and message (without
// the trailing newline), and the 0-based index of the offending argument
// among those checked, or -1 when the format itself is at fault (or an
// argument is missing), or AggValue for a printa aggregation's value.
type Problem struct {
	Tag diag.Tag
	Msg string
	Arg int
}

// AggValue is Problem.Arg for a problem with the aggregation's value (%@).
const AggValue = -2

// Error returns the message.
func (p *Problem) Error() string { return p.Msg }

func problem(tag diag.Tag, arg int, msg string) *Problem {
	return &Problem{Tag: tag, Msg: msg, Arg: arg}
}

// Parse parses a D format string as dt_printf_create does. An invalid
// format gives a *Problem with tag D_SYNTAX and DTrace's message, Arg -1.
// The empty format parses; Check rejects it.
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
		c.Proto = cv.proto
		c.Print = cv.print
		c.OutFmt = apiFmt(cv)
		q = p + 1
	}
	f.Suffix = s[q:]
	return f, nil
}

// apiFmt is pfd_fmt as dtrace_printf_create leaves it, before any check:
// the conversion as written, or "s" for those printed as strings.
func apiFmt(cv *conversion) string {
	if cv.ofmt == "s" {
		return "s"
	}
	return cv.name
}

func syntaxf(format string, args ...any) *Problem {
	return problem(diag.D_SYNTAX, -1, fmt.Sprintf(format, args...))
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
