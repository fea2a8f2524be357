package text

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/printf"
	"github.com/dtrace-go/dtrace/sink"
)

// ErrMismatch is returned when a format's conversions and the values given
// for it do not match (too few values, or a value of the wrong kind):
// libdtrace's EDT_DMISMATCH.
var ErrMismatch = errors.New("mismatched data")

// aggVal is the value an aggregation contributes to a printa() line: the
// aggregation and its data for the line's key (a zero entry when it has
// none).
type aggVal struct {
	agg *sink.Aggregation
	e   *sink.Entry
}

// render is dt_printf_format: it writes format f with args (the printf()
// arguments, or a printa() line's keys) and, for printa(), the values of
// the aggregations in aggs (%@ conversions take them in turn, the last one
// repeating).
func (p *Printer) render(b *strings.Builder, f *printf.Format, args []sink.Value, aggs []aggVal) error {
	cur := 0
	for _, c := range f.Convs {
		b.WriteString(c.Prefix)
		if c.Print == printf.PrintPct {
			b.WriteByte('%')
			continue
		}
		var dynW, dynP int
		if c.Flags&printf.FlagDynWidth != 0 {
			if len(args) == 0 {
				return ErrMismatch
			}
			dynW = int(int32(args[0].Int()))
			args = args[1:]
		}
		if c.Flags&printf.FlagDynPrec != 0 {
			if len(args) == 0 {
				return ErrMismatch
			}
			dynP = int(int32(args[0].Int()))
			args = args[1:]
		}
		cf := c.CFormat(dynW, dynP)
		if c.Flags&printf.FlagAgg != 0 {
			if len(aggs) == 0 {
				return ErrMismatch
			}
			av := aggs[cur]
			if cur < len(aggs)-1 {
				cur++
			}
			if err := p.renderAggValue(b, c, cf, av); err != nil {
				return err
			}
			continue
		}
		if len(args) == 0 {
			return ErrMismatch
		}
		v := args[0]
		args = args[1:]
		if err := p.renderConv(b, c, cf, dynW, v, 1); err != nil {
			return err
		}
	}
	b.WriteString(f.Suffix)
	return nil
}

// renderAggValue prints an aggregation's value for a %@ conversion: the
// aggregating function decides how (pfprint_average, pfprint_stddev, the
// quantization tables), else the conversion's own routine on the 64-bit
// value, normalized.
func (p *Printer) renderAggValue(b *strings.Builder, c *printf.Conv, cf string, av aggVal) error {
	a, e := av.agg, av.e
	normal := a.NormalOr1()
	switch a.Func {
	case abi.AggAvg:
		// pfprint_average divides unsigned.
		var v uint64
		if e.Count != 0 {
			v = uint64(e.Sum) / normal / uint64(e.Count)
		}
		b.WriteString(cprintf(cf, v))
		return nil
	case abi.AggStddev:
		var v uint64
		if e.Count != 0 {
			v = sink.Stddev(e, normal)
		}
		b.WriteString(cprintf(cf, v))
		return nil
	case abi.AggQuantize, abi.AggLQuantize, abi.AggLLQuantize:
		p.writeDist(b, a, e, normal)
		return nil
	}
	v := sink.Value{Kind: sink.KindInt, Size: 8, Bits: uint64(e.Value), Signed: a.Func != abi.AggCount}
	return p.renderConv(b, c, cf, 0, v, normal)
}

// renderConv prints one value with conversion c, whose printf(3) format is
// cf, as the conversion's pfprint_* routine does.
func (p *Printer) renderConv(b *strings.Builder, c *printf.Conv, cf string, dynW int, v sink.Value, normal uint64) error {
	if normal == 0 {
		normal = 1
	}
	// mod() and umod() records print as their module whatever the
	// conversion (dt_printf_format's DTRACEACT_MOD/UMOD override).
	if v.Kind == sink.KindMod || v.Kind == sink.KindUMod {
		b.WriteString(cprintf(cf, symName(v)))
		return nil
	}
	switch c.Print {
	case printf.PrintSint:
		b.WriteString(cprintf(cf, sintNormal(v, normal)))
	case printf.PrintUint:
		b.WriteString(cprintf(cf, uintNormal(v, normal)))
	case printf.PrintDint:
		if c.Flags&printf.FlagSigned != 0 {
			b.WriteString(cprintf(cf, sintNormal(v, normal)))
		} else {
			b.WriteString(cprintf(cf, uintNormal(v, normal)))
		}
	case printf.PrintFP:
		b.WriteString(formatFloat(cf, v, normal))
	case printf.PrintAddr, printf.PrintUAddr:
		s := "0x" + hex(v.Bits)
		if v.Kind == sink.KindSym || v.Kind == sink.KindUSym || v.Kind == sink.KindUAddr {
			s = symFull(v)
		}
		b.WriteString(cprintf(cf, s))
	case printf.PrintStack:
		if v.Kind != sink.KindStack && v.Kind != sink.KindUStack {
			return ErrMismatch
		}
		indent := 0
		switch {
		case c.Flags&printf.FlagDynWidth != 0 && dynW < 0:
			indent = -dynW
		case c.Flags&printf.FlagLeft != 0:
			indent = c.Width
			if c.Flags&printf.FlagDynWidth != 0 && dynW != 0 {
				indent = dynW
			}
		}
		writeStack(b, v, cf, indent)
	case printf.PrintTime:
		b.WriteString(cprintf(cf, ctimeY(int64(v.Bits), p.loc())))
	case printf.PrintTime822:
		b.WriteString(cprintf(cf, rfc822(int64(v.Bits), p.loc())))
	case printf.PrintCStr:
		b.WriteString(cprintf(cf, cstring(v)))
	case printf.PrintWStr:
		b.WriteString(cprintf(cf, wstring(v)))
	case printf.PrintEStr:
		b.WriteString(cprintf(cf, strchr2esc(v.Record())))
	case printf.PrintEChr:
		b.WriteString(cprintf(cf, strchr2esc([]byte{byte(v.Bits)})))
	default:
		return fmt.Errorf("%w: unknown conversion %%%s", ErrMismatch, c.Name)
	}
	return nil
}

// sintNormal is pfprint_sint's value: 32-bit division for records under 8
// bytes, 64-bit otherwise.
func sintNormal(v sink.Value, normal uint64) int64 {
	if v.Kind == sink.KindFloat || v.Len() >= 8 {
		n := int64(normal)
		if n == 0 {
			n = 1
		}
		if n == -1 && int64(v.Bits) == math.MinInt64 {
			return math.MinInt64
		}
		return int64(v.Bits) / n
	}
	n := int32(normal)
	if n == 0 {
		n = 1
	}
	x := int32(v.Int())
	if n == -1 && x == math.MinInt32 {
		return int64(x)
	}
	return int64(x / n)
}

// uintNormal is pfprint_uint's value.
func uintNormal(v sink.Value, normal uint64) uint64 {
	if v.Kind == sink.KindFloat || v.Len() >= 8 {
		return v.Bits / normal
	}
	n := uint32(normal)
	if n == 0 {
		n = 1
	}
	return uint64(uint32(v.Uint()) / n)
}

// cstring is a string argument as printf's %s sees it: up to the NUL.
func cstring(v sink.Value) string {
	switch v.Kind {
	case sink.KindString:
		return v.Str
	case sink.KindBytes:
		for i, c := range v.Bytes {
			if c == 0 {
				return string(v.Bytes[:i])
			}
		}
		return string(v.Bytes)
	case sink.KindSym, sink.KindUSym, sink.KindUAddr, sink.KindMod, sink.KindUMod:
		return symName(v)
	}
	return ""
}

// wstring decodes a wchar_t array (32-bit, little-endian) up to its NUL.
func wstring(v sink.Value) []rune {
	b := v.Record()
	var r []rune
	for i := 0; i+4 <= len(b); i += 4 {
		c := rune(uint32(b[i]) | uint32(b[i+1])<<8 | uint32(b[i+2])<<16 | uint32(b[i+3])<<24)
		if c == 0 {
			break
		}
		r = append(r, c)
	}
	return r
}

// strchr2esc is libdtrace's: C escapes for the special and unprintable
// bytes of b, up to and including the first NUL (shown as \0).
func strchr2esc(b []byte) string {
	var s strings.Builder
	for _, c := range b {
		switch c {
		case 0:
			s.WriteString(`\0`)
		case '\a':
			s.WriteString(`\a`)
		case '\b':
			s.WriteString(`\b`)
		case '\f':
			s.WriteString(`\f`)
		case '\n':
			s.WriteString(`\n`)
		case '\r':
			s.WriteString(`\r`)
		case '\t':
			s.WriteString(`\t`)
		case '\v':
			s.WriteString(`\v`)
		case '"':
			s.WriteString(`\"`)
		case '\\':
			s.WriteString(`\\`)
		default:
			if c != ' ' && (c < '!' || c > '~') {
				s.WriteByte('\\')
				s.WriteByte('0' + (c>>6)&3)
				s.WriteByte('0' + (c>>3)&7)
				s.WriteByte('0' + c&7)
			} else {
				s.WriteByte(c)
			}
		}
		if c == 0 {
			break
		}
	}
	return s.String()
}

// ctimeY is pfprint_time's text: ctime(3)'s fields reordered to
// "1973 Dec  3 17:20:00", in local time (loc).
func ctimeY(ns int64, loc *time.Location) string {
	t := time.Unix(ns/1e9, 0).In(loc)
	return t.Format("2006 Jan _2 15:04:05")
}

// rfc822 is pfprint_time822's text: strftime "%a, %d %b %G %T %Z" (note
// %G, the ISO 8601 week-based year, as DTrace has it).
func rfc822(ns int64, loc *time.Location) string {
	t := time.Unix(ns/1e9, 0).In(loc)
	year, _ := t.ISOWeek()
	return t.Format("Mon, 02 Jan ") + fmt.Sprintf("%04d", year) + t.Format(" 15:04:05 MST")
}

// FormatFloat formats v, a float or double value, with the C conversion
// format (one of %e, %E, %f, %g, %G with C's flags, width and precision)
// as DTrace's pfprint_fp does: a float is widened to a double first. A
// value that is not a float is read as an integer.
func FormatFloat(format string, v sink.Value) string { return formatFloat(format, v, 1) }

func formatFloat(format string, v sink.Value, normal uint64) string {
	f := v.Float()
	if v.Kind != sink.KindFloat {
		f = float64(v.Int())
	}
	return cprintf(format, f/float64(normal))
}
