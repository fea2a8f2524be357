package text

import (
	"strings"

	"github.com/dtrace-go/dtrace/sink"
)

// DefaultStackIndent is DTrace's default stackindent option (_dtrace_stkindent).
const DefaultStackIndent = 14

// writeStack is dt_print_stack / dt_print_ustack: a newline, then each
// frame indented and formatted with cf, on its own line. A ustack() of
// depth 0 prints nothing.
func writeStack(b *strings.Builder, v sink.Value, cf string, indent int) {
	if v.Kind == sink.KindUStack && len(v.Frames) == 0 && v.Size == 0 && v.PCs == nil {
		// ustack(0): dt_print_ustack returns at once.
		return
	}
	b.WriteByte('\n')
	pad := strings.Repeat(" ", min(max(indent, 0), maxWidth))
	for _, f := range v.Frames {
		b.WriteString(pad)
		b.WriteString(cprintf(cf, frameName(f)))
		b.WriteByte('\n')
	}
}

// isprint and isspace are the C locale's.
func isprint(c byte) bool { return c >= 0x20 && c <= 0x7e }
func isspace(c byte) bool { return c == ' ' || (c >= '\t' && c <= '\r') }

// writeBytes is dt_print_bytes: bytes that are printable characters
// followed only by NULs print as a string ("  %-*s", or "%s" under -q when
// NUL-terminated); anything else as a hex dump (dt_print_rawbytes).
func writeBytes(b *strings.Builder, c []byte, width int, quiet, raw bool) {
	if len(c) == 0 {
		return
	}
	if raw {
		writeRawBytes(b, c)
		return
	}
	i := 0
	for ; i < len(c); i++ {
		if isprint(c[i]) || isspace(c[i]) || c[i] == '\b' || c[i] == '\a' {
			continue
		}
		if c[i] == 0 && i > 0 {
			j := i + 1
			for ; j < len(c) && c[j] == 0; j++ {
			}
			if j != len(c) {
				break
			}
			if quiet {
				b.WriteString(string(c[:i]))
			} else {
				b.WriteString(cprintf("  %-*s", width, string(c[:i])))
			}
			return
		}
		break
	}
	if i == len(c) {
		b.WriteString(cprintf("  %-*s", width, string(c)))
		return
	}
	writeRawBytes(b, c)
}

// writeRawBytes is dt_print_rawbytes, the hex dump of tracemem() and of
// data that does not look like a string.
func writeRawBytes(b *strings.Builder, c []byte) {
	if len(c) == 0 {
		return
	}
	const margin = 5
	b.WriteString(cprintf("\n%*s      ", margin, ""))
	for i := 0; i < 16; i++ {
		b.WriteString("  ")
		b.WriteByte("0123456789abcdef"[i])
	}
	b.WriteString("  0123456789abcdef\n")
	for i := 0; i < len(c); i += 16 {
		b.WriteString(cprintf("%*s%5x:", margin, "", int64(i)))
		j := i
		for ; j < i+16 && j < len(c); j++ {
			b.WriteString(cprintf(" %02x", int64(c[j])))
		}
		for ; j%16 != 0; j++ {
			b.WriteString("   ")
		}
		b.WriteString("  ")
		for j = i; j < i+16 && j < len(c); j++ {
			// C's char is signed: bytes over 0x7e (and under ' ') are dots.
			if c[j] < ' ' || c[j] > '~' {
				b.WriteByte('.')
			} else {
				b.WriteByte(c[j])
			}
		}
		b.WriteByte('\n')
	}
}

// writeTrace is one trace() record (dt_print_trace, with dt_print_bytes
// for non-string data and dt_print_stack / dt_print_sym... for the
// special kinds).
func (p *Printer) writeTrace(b *strings.Builder, v sink.Value) {
	q := p.opt.Quiet
	switch v.Kind {
	case sink.KindInt, sink.KindFloat:
		if p.opt.RawBytes {
			writeRawBytes(b, v.Record())
			return
		}
		if v.Signed {
			switch v.Len() {
			case 1:
				b.WriteString(cprintf(pick(q, "%hhd", " %3hhd"), v.Int()))
			case 2:
				b.WriteString(cprintf(pick(q, "%hd", " %5hd"), v.Int()))
			case 4:
				b.WriteString(cprintf(pick(q, "%d", " %10d"), v.Int()))
			default:
				b.WriteString(cprintf(pick(q, "%ld", " %19ld"), v.Int()))
			}
			return
		}
		// A float or double is not signed: dt_print_trace prints its
		// bits as an unsigned integer of its size, as DTrace does.
		switch v.Len() {
		case 1:
			b.WriteString(cprintf(pick(q, "%hhu", " %3hhu"), v.Uint()))
		case 2:
			b.WriteString(cprintf(pick(q, "%hu", " %5hu"), v.Uint()))
		case 4:
			b.WriteString(cprintf(pick(q, "%u", " %10u"), v.CBits()))
		default:
			b.WriteString(cprintf(pick(q, "%lu", " %20lu"), v.CBits()))
		}
	case sink.KindString:
		if p.opt.RawBytes {
			writeRawBytes(b, v.Record())
			return
		}
		b.WriteString(cprintf(pick(q, "%s", "  %-33s"), v.Str))
	case sink.KindStack, sink.KindUStack:
		writeStack(b, v, "%s", p.stackIndent())
	case sink.KindSym, sink.KindUSym, sink.KindUAddr, sink.KindMod, sink.KindUMod:
		b.WriteString(cprintf("  %-50s", symName(v)))
	case sink.KindBytes:
		writeBytes(b, v.Bytes, 33, q, p.opt.RawBytes)
	}
}

func pick(q bool, quiet, loud string) string {
	if q {
		return quiet
	}
	return loud
}
