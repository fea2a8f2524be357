package text

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file is a small implementation of C's printf(3), as glibc behaves
// in the C locale, for the formats DTrace hands to it: flags "#0-+ '",
// width and precision (numbers or '*'), the length modifiers hh, h, l, ll,
// L, j, z, t and w, and the conversions d i u o x X c s e E f F g G p %.
// DTrace renders everything through printf(3) (dt_printf), so doing the
// same here keeps the output byte-identical.

// maxWidth bounds widths and precisions (glibc's own limit is INT_MAX;
// nothing DTrace prints comes near either).
const maxWidth = 1 << 20

// cspec is one parsed conversion specification.
type cspec struct {
	alt, zero, left, plus, space, group bool

	width int // 0 if none
	prec  int // -1 if none
	dynW  bool
	dynP  bool

	length string // "", "hh", "h", "l", "ll", "L", "j", "z", "t", "w"
	verb   byte   // conversion character; 0 if the spec is malformed
}

// parseCSpec parses the conversion specification at s[i] (just after the
// '%'). It returns the spec and the index just past it.
func parseCSpec(s string, i int) (cspec, int) {
	sp := cspec{prec: -1}
flags:
	for ; i < len(s); i++ {
		switch s[i] {
		case '#':
			sp.alt = true
		case '0':
			sp.zero = true
		case '-':
			sp.left = true
		case '+':
			sp.plus = true
		case ' ':
			sp.space = true
		case '\'':
			sp.group = true
		default:
			break flags
		}
	}
	if i < len(s) && s[i] == '*' {
		sp.dynW = true
		i++
	} else {
		for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
			if sp.width < maxWidth/10 {
				sp.width = sp.width*10 + int(s[i]-'0')
			}
		}
	}
	if i < len(s) && s[i] == '.' {
		i++
		sp.prec = 0
		if i < len(s) && s[i] == '*' {
			sp.dynP = true
			i++
		} else {
			for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
				if sp.prec < maxWidth/10 {
					sp.prec = sp.prec*10 + int(s[i]-'0')
				}
			}
		}
	}
	start := i
	for i < len(s) && strings.IndexByte("hlLjztw", s[i]) >= 0 {
		i++
	}
	sp.length = s[start:i]
	if i < len(s) {
		sp.verb = s[i]
		i++
	}
	return sp, i
}

// cprintf formats like C's printf. Arguments are int64, uint64, int,
// float64, string or []rune (wide strings); each is converted to what the
// conversion reads as C would (truncated to the length modifier's size).
// Missing arguments read as zero.
func cprintf(format string, args ...any) string {
	var b strings.Builder
	ai := 0
	next := func() any {
		if ai < len(args) {
			a := args[ai]
			ai++
			return a
		}
		ai++
		return nil
	}
	for i := 0; i < len(format); {
		c := format[i]
		if c != '%' {
			j := strings.IndexByte(format[i:], '%')
			if j < 0 {
				j = len(format) - i
			}
			b.WriteString(format[i : i+j])
			i += j
			continue
		}
		if i+1 < len(format) && format[i+1] == '%' {
			b.WriteByte('%')
			i += 2
			continue
		}
		sp, ni := parseCSpec(format, i+1)
		if sp.verb == 0 {
			b.WriteString(format[i:])
			break
		}
		if sp.dynW {
			w := int32(argInt(next()))
			if w < 0 {
				sp.left = true
				w = -w
				if w < 0 { // INT_MIN
					w = 0
				}
			}
			sp.width = min(int(w), maxWidth)
		}
		if sp.dynP {
			p := int32(argInt(next()))
			if p < 0 {
				p = -1
			}
			sp.prec = min(int(p), maxWidth)
		}
		var arg any
		if sp.verb != '%' {
			arg = next()
		}
		b.WriteString(sp.format(arg))
		i = ni
	}
	return b.String()
}

// argInt reads an argument as a C integer (64 bits wide).
func argInt(a any) int64 {
	switch v := a.(type) {
	case int64:
		return v
	case uint64:
		return int64(v)
	case int:
		return int64(v)
	case int32:
		return int64(v)
	case uint32:
		return int64(v)
	case float64:
		return int64(math.Float64bits(v))
	}
	return 0
}

func argFloat(a any) float64 {
	switch v := a.(type) {
	case float64:
		return v
	case int64:
		return math.Float64frombits(uint64(v))
	case uint64:
		return math.Float64frombits(v)
	case int:
		return math.Float64frombits(uint64(v))
	}
	return 0
}

// format renders one conversion of arg.
func (sp *cspec) format(arg any) string {
	switch sp.verb {
	case 'd', 'i':
		v := argInt(arg)
		switch sp.length {
		case "hh":
			v = int64(int8(v))
		case "h":
			v = int64(int16(v))
		case "":
			v = int64(int32(v))
		}
		neg := v < 0
		u := uint64(v)
		if neg {
			u = -u
		}
		return sp.integer(neg, strconv.FormatUint(u, 10), "", sp.prec)
	case 'u', 'o', 'x', 'X':
		u := uint64(argInt(arg))
		switch sp.length {
		case "hh":
			u = uint64(uint8(u))
		case "h":
			u = uint64(uint16(u))
		case "":
			u = uint64(uint32(u))
		}
		var digits, prefix string
		prec := sp.prec
		switch sp.verb {
		case 'u':
			digits = strconv.FormatUint(u, 10)
		case 'o':
			digits = strconv.FormatUint(u, 8)
			if sp.alt {
				// '#': the first digit is a zero.
				switch {
				case u == 0:
					prec = max(prec, 1)
				case prec <= len(digits):
					prec = len(digits) + 1
				}
			}
		case 'x', 'X':
			digits = strconv.FormatUint(u, 16)
			if sp.verb == 'X' {
				digits = strings.ToUpper(digits)
			}
			if sp.alt && u != 0 {
				prefix = "0" + string(sp.verb)
			}
		}
		return sp.unsigned(digits, prefix, prec, u == 0)
	case 'p':
		u := uint64(argInt(arg))
		if u == 0 {
			return sp.pad("(nil)")
		}
		sp2 := *sp
		sp2.alt = true
		return sp2.unsigned(strconv.FormatUint(u, 16), "0x", sp.prec, false)
	case 'c':
		var s string
		if sp.length == "l" || sp.length == "w" {
			r := rune(int32(argInt(arg)))
			if r < utf8.RuneSelf && r >= 0 {
				s = string([]byte{byte(r)})
			} else {
				s = string(r)
			}
		} else {
			s = string([]byte{byte(argInt(arg))})
		}
		return sp.pad(s)
	case 's':
		var s string
		switch v := arg.(type) {
		case string:
			s = v
		case []rune:
			s = string(v)
		case nil:
			s = "(null)"
		}
		if sp.prec >= 0 && sp.prec < len(s) {
			s = s[:sp.prec]
		}
		return sp.pad(s)
	case 'e', 'E', 'f', 'F', 'g', 'G':
		return sp.float(argFloat(arg))
	case '%':
		return "%"
	}
	return ""
}

// integer lays out a signed conversion: sign, zero-extension to the
// precision, padding.
func (sp *cspec) integer(neg bool, digits, prefix string, prec int) string {
	if prec == 0 && digits == "0" {
		digits = ""
	}
	if len(digits) < prec {
		digits = strings.Repeat("0", prec-len(digits)) + digits
	}
	sign := ""
	switch {
	case neg:
		sign = "-"
	case sp.plus:
		sign = "+"
	case sp.space:
		sign = " "
	}
	return sp.layout(sign+prefix, digits, sp.prec < 0)
}

func (sp *cspec) unsigned(digits, prefix string, prec int, zero bool) string {
	if prec == 0 && zero {
		digits = ""
	}
	if len(digits) < prec {
		digits = strings.Repeat("0", prec-len(digits)) + digits
	}
	return sp.layout(prefix, digits, sp.prec < 0)
}

// layout pads head+body to the width: with zeros between them when the
// '0' flag applies (zeroOK), else with blanks on the left or right.
func (sp *cspec) layout(head, body string, zeroOK bool) string {
	n := len(head) + len(body)
	if n >= sp.width {
		return head + body
	}
	fill := sp.width - n
	switch {
	case sp.left:
		return head + body + strings.Repeat(" ", fill)
	case sp.zero && zeroOK:
		return head + strings.Repeat("0", fill) + body
	default:
		return strings.Repeat(" ", fill) + head + body
	}
}

// pad pads a string or character to the width with blanks ('0' does not
// apply to them in glibc).
func (sp *cspec) pad(s string) string {
	if len(s) >= sp.width {
		return s
	}
	fill := strings.Repeat(" ", sp.width-len(s))
	if sp.left {
		return s + fill
	}
	return fill + s
}

// float renders %e, %f, %g (and upper-case forms) as C does.
func (sp *cspec) float(v float64) string {
	upper := sp.verb >= 'A' && sp.verb <= 'Z'
	neg := math.Signbit(v)
	if neg {
		v = -v
	}
	sign := ""
	switch {
	case neg:
		sign = "-"
	case sp.plus:
		sign = "+"
	case sp.space:
		sign = " "
	}
	if math.IsInf(v, 0) || math.IsNaN(v) {
		s := "inf"
		if math.IsNaN(v) {
			s = "nan"
		}
		if upper {
			s = strings.ToUpper(s)
		}
		return sp.layout(sign, s, false)
	}
	prec := sp.prec
	if prec < 0 {
		prec = 6
	}
	var body string
	switch sp.verb | 0x20 {
	case 'f':
		body = strconv.FormatFloat(v, 'f', prec, 64)
		if sp.alt && prec == 0 {
			body += "."
		}
	case 'e':
		body = cExp(v, prec, sp.alt)
	case 'g':
		if prec == 0 {
			prec = 1
		}
		// The exponent X the %e form would have.
		x := 0
		if v != 0 {
			e := strconv.FormatFloat(v, 'e', prec-1, 64)
			x, _ = strconv.Atoi(e[strings.IndexByte(e, 'e')+1:])
		}
		if prec > x && x >= -4 {
			body = strconv.FormatFloat(v, 'f', prec-1-x, 64)
			if sp.alt && !strings.Contains(body, ".") {
				body += "."
			}
		} else {
			body = cExp(v, prec-1, sp.alt)
		}
		if !sp.alt {
			body = trimZeros(body)
		}
	}
	if upper {
		body = strings.ToUpper(body)
	}
	return sp.layout(sign, body, true)
}

// cExp formats v in C's %e style (at least two exponent digits).
func cExp(v float64, prec int, alt bool) string {
	s := strconv.FormatFloat(v, 'e', prec, 64)
	if alt && prec == 0 {
		k := strings.IndexByte(s, 'e')
		s = s[:k] + "." + s[k:]
	}
	return s
}

// trimZeros removes trailing zeros of the fraction (and a bare point), in
// front of any exponent, as %g does without '#'.
func trimZeros(s string) string {
	exp := ""
	if k := strings.IndexAny(s, "eE"); k >= 0 {
		s, exp = s[:k], s[k:]
	}
	if strings.IndexByte(s, '.') >= 0 {
		s = strings.TrimRight(s, "0")
		s = strings.TrimSuffix(s, ".")
	}
	return s + exp
}
