package text

import (
	"strconv"

	"github.com/dtrace-go/dtrace/dscript/printf"
	"github.com/dtrace-go/dtrace/sink"
)

// A fastFormat is a printf() format every conversion of which prints an
// integer (%d, %i, %u, %x, %X) or a string (%s) with no flag, width or
// precision, or is %%. Such a format renders by appending to a reused
// buffer: what render and cprintf would print, without building the C
// format, parsing it again or allocating.
type fastFormat struct {
	convs  []fastConv
	nargs  int // the values the format takes
	suffix string
}

type fastConv struct {
	prefix string
	print  printf.PrintKind
	signed bool // PrintDint: the argument is signed (FlagSigned)
	verb   byte // d, i, u, x, X, s, or % for %%
	bits   int  // the width C reads an integer argument at: 8, 16, 32 or 64
}

// newFastFormat returns f's fast form, or nil when a conversion needs the
// general path.
func newFastFormat(f *printf.Format) *fastFormat {
	ff := &fastFormat{suffix: f.Suffix}
	for _, c := range f.Convs {
		fc := fastConv{prefix: c.Prefix, print: c.Print}
		if c.Print == printf.PrintPct {
			fc.verb = '%'
			ff.convs = append(ff.convs, fc)
			continue
		}
		if c.Flags&^printf.FlagSigned != 0 || c.Width != 0 || c.Prec != 0 {
			return nil
		}
		fc.signed = c.Flags&printf.FlagSigned != 0
		// The C conversion render hands to cprintf, which must be a
		// bare one this path knows.
		cf := c.CFormat(0, 0)
		sp, end := parseCSpec(cf, 1)
		if end != len(cf) || sp.alt || sp.zero || sp.left || sp.plus || sp.space || sp.group ||
			sp.width != 0 || sp.prec != -1 || sp.dynW || sp.dynP {
			return nil
		}
		switch sp.length {
		case "hh":
			fc.bits = 8
		case "h":
			fc.bits = 16
		case "":
			fc.bits = 32
		default:
			fc.bits = 64
		}
		fc.verb = sp.verb
		switch {
		case c.Print == printf.PrintCStr && sp.verb == 's' && sp.length == "":
		case (c.Print == printf.PrintSint || c.Print == printf.PrintUint || c.Print == printf.PrintDint) &&
			(sp.verb == 'd' || sp.verb == 'i' || sp.verb == 'u' || sp.verb == 'x' || sp.verb == 'X'):
		default:
			return nil
		}
		ff.convs = append(ff.convs, fc)
		ff.nargs++
	}
	return ff
}

// fits reports whether args are what the fast path prints as render
// would: as many as the format takes, integers for the integer
// conversions, strings for %s. Anything else (a mismatch included) takes
// the general path.
func (ff *fastFormat) fits(args []sink.Value) bool {
	if len(args) != ff.nargs {
		return false
	}
	i := 0
	for k := range ff.convs {
		c := &ff.convs[k]
		switch c.verb {
		case '%':
			continue
		case 's':
			if args[i].Kind != sink.KindString {
				return false
			}
		default:
			if args[i].Kind != sink.KindInt {
				return false
			}
		}
		i++
	}
	return true
}

// appendTo appends the format rendered with args (which fit) to b.
func (ff *fastFormat) appendTo(b []byte, args []sink.Value) []byte {
	i := 0
	for k := range ff.convs {
		c := &ff.convs[k]
		b = append(b, c.prefix...)
		if c.verb == '%' {
			b = append(b, '%')
			continue
		}
		v := args[i]
		i++
		if c.verb == 's' {
			if v.Kind == sink.KindString {
				b = append(b, v.Str...)
			} else {
				b = append(b, cstring(v)...)
			}
			continue
		}
		// The argument renderConv passes to cprintf, read at the
		// width of the C length modifier as cspec.format reads it.
		var x uint64
		switch {
		case c.print == printf.PrintSint, c.print == printf.PrintDint && c.signed:
			x = uint64(sintNormal(v, 1))
		default:
			x = uintNormal(v, 1)
		}
		switch c.verb {
		case 'd', 'i':
			n := int64(x)
			switch c.bits {
			case 8:
				n = int64(int8(n))
			case 16:
				n = int64(int16(n))
			case 32:
				n = int64(int32(n))
			}
			b = strconv.AppendInt(b, n, 10)
		default:
			switch c.bits {
			case 8:
				x = uint64(uint8(x))
			case 16:
				x = uint64(uint16(x))
			case 32:
				x = uint64(uint32(x))
			}
			if c.verb == 'u' {
				b = strconv.AppendUint(b, x, 10)
				continue
			}
			start := len(b)
			b = strconv.AppendUint(b, x, 16)
			if c.verb == 'X' {
				for j := start; j < len(b); j++ {
					if b[j] >= 'a' {
						b[j] -= 'a' - 'A'
					}
				}
			}
		}
	}
	return append(b, ff.suffix...)
}

// fastFormat returns the fast form of f, or nil, remembering it.
func (p *Printer) fastFormat(f *printf.Format) *fastFormat {
	if f == p.lastFormat {
		return p.lastFast
	}
	ff, ok := p.fast[f]
	if !ok {
		ff = newFastFormat(f)
		if p.fast == nil {
			p.fast = map[*printf.Format]*fastFormat{}
		}
		p.fast[f] = ff
	}
	p.lastFormat, p.lastFast = f, ff
	return ff
}
