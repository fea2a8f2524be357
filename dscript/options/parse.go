package options

import (
	"math"
	"math/bits"
	"strings"
)

// Unset is the value of a run-time option that is not set (DTRACEOPT_UNSET).
const Unset int64 = -2

// strtoull mimics C's strtoull(s, &end, 0): it skips leading white space,
// takes an optional sign and a decimal, octal (leading 0) or hexadecimal
// (leading 0x) number, and returns its value, the index where parsing
// stopped (0 when there were no digits), whether a '-' was given and whether
// the value overflowed (errno ERANGE).
func strtoull(s string) (v uint64, end int, neg, overflow bool) {
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	base := uint64(10)
	if i < len(s) && s[i] == '0' {
		base = 8
		if i+2 < len(s) && (s[i+1] == 'x' || s[i+1] == 'X') && digitVal(s[i+2]) < 16 {
			base = 16
			i += 2
		}
	}
	start := i
	for ; i < len(s); i++ {
		d := digitVal(s[i])
		if d >= base {
			break
		}
		hi, lo := bits.Mul64(v, base)
		lo, carry := bits.Add64(lo, d, 0)
		if hi != 0 || carry != 0 {
			overflow = true
		}
		v = lo
	}
	if i == start {
		return 0, 0, false, false
	}
	if overflow {
		return math.MaxUint64, i, neg, true
	}
	if neg {
		v = -v
	}
	return v, i, neg, false
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

func digitVal(c byte) uint64 {
	switch {
	case '0' <= c && c <= '9':
		return uint64(c - '0')
	case 'a' <= c && c <= 'z':
		return uint64(c-'a') + 10
	case 'A' <= c && c <= 'Z':
		return uint64(c-'A') + 10
	}
	return 255
}

// negative reports a value DTrace rejects as negative. illumos tests only
// that strtoull's result, read as signed, is negative; Oracle's Linux port
// also refuses any explicit negative number (its "negtest"), which is what a
// Linux user sees, so we do too.
func negative(v uint64, neg bool) bool {
	return int64(v) < 0 || neg && v != 0
}

// atoi mimics C's atoi: leading white space, a sign and decimal digits; no
// digits give 0.
func atoi(s string) int64 {
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	neg := false
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	var n int64
	for ; i < len(s) && '0' <= s[i] && s[i] <= '9'; i++ {
		if n < math.MaxInt32 {
			n = n*10 + int64(s[i]-'0')
		}
	}
	if neg {
		n = -n
	}
	return n
}

// ParseSize parses the value of a size option (scratchsize, bufsize...)
// as DTrace does; ok is false when it is not one.
func ParseSize(value string) (n int64, ok bool) {
	n, err := parseSize(value)
	return n, err == nil
}

// parseSize is dt_optval_parse: a number with an optional k, m, g or t
// (any case) suffix, in bytes.
func parseSize(arg string) (int64, error) {
	mul := uint64(1)
	if arg != "" {
		switch arg[len(arg)-1] {
		case 't', 'T':
			mul = 1 << 40
		case 'g', 'G':
			mul = 1 << 30
		case 'm', 'M':
			mul = 1 << 20
		case 'k', 'K':
			mul = 1 << 10
		}
	}
	v, end, neg, overflow := strtoull(arg)
	if mul > 1 && end != len(arg)-1 || mul == 1 && end != len(arg) || overflow || negative(v, neg) {
		return 0, ErrBadValue
	}
	hi, lo := bits.Mul64(v, mul)
	// DTrace lets the product wrap; we refuse it.
	if hi != 0 || int64(lo) < 0 {
		return 0, ErrBadValue
	}
	return int64(lo), nil
}

// rateSuffixes are dt_opt_rate's suffixes and their multipliers in
// nanoseconds; 0 means a frequency (hz).
var rateSuffixes = [...]struct {
	name string
	mul  uint64
}{
	{"ns", 1}, {"nsec", 1},
	{"us", 1e3}, {"usec", 1e3},
	{"ms", 1e6}, {"msec", 1e6},
	{"s", 1e9}, {"sec", 1e9},
	{"m", 60e9}, {"min", 60e9},
	{"h", 3600e9}, {"hour", 3600e9},
	{"d", 86400e9}, {"day", 86400e9},
	{"hz", 0},
}

// parseRate is dt_opt_rate: it returns the interval in nanoseconds. A bare
// number is nanoseconds, as in both illumos and Oracle's port.
func parseRate(arg string) (int64, error) {
	v, end, neg, overflow := strtoull(arg)
	rest := arg[end:]
	mul, found := uint64(1), false
	for _, s := range rateSuffixes {
		if strings.EqualFold(s.name, rest) {
			mul, found = s.mul, true
			break
		}
	}
	if !found && rest != "" || overflow || negative(v, neg) {
		return 0, ErrBadValue
	}
	if mul == 0 {
		if v != 0 {
			v = 1e9 / v
		}
		return int64(v), nil
	}
	hi, lo := bits.Mul64(v, mul)
	if hi != 0 || int64(lo) < 0 {
		return 0, ErrBadValue
	}
	return int64(lo), nil
}

var runtimeWords = [...][2]string{
	{"yes", "no"},
	{"enable", "disable"},
	{"enabled", "disabled"},
	{"true", "false"},
	{"on", "off"},
	{"set", "unset"},
}

// parseRuntime is dt_opt_runtime for a given value: "" and the negative
// words give Unset, the positive words 1, and otherwise a whole
// non-negative number.
func parseRuntime(arg string) (int64, error) {
	if arg == "" {
		return Unset, nil
	}
	for _, w := range runtimeWords {
		if strings.EqualFold(w[0], arg) {
			return 1, nil
		}
		if strings.EqualFold(w[1], arg) {
			return Unset, nil
		}
	}
	v, end, neg, overflow := strtoull(arg)
	if end != len(arg) || overflow || negative(v, neg) {
		return 0, ErrBadValue
	}
	return int64(v), nil
}

// VersionNumber encodes a D version as DTrace does (DT_VERSION_NUMBER).
func VersionNumber(major, minor, micro uint32) uint32 {
	return (major&0xff)<<24 | (minor&0xfff)<<12 | micro&0xfff
}

// LatestVersion is the highest D version: illumos's DT_VERS_LATEST, 1.13.
const LatestVersion uint32 = 1<<24 | 13<<12

// VersionString is what dtrace -V prints after "dtrace: " (DT_VERS_STRING).
const VersionString = "Sun D 1.13"

// versions are the D versions illumos defines (_dtrace_versions).
var versions = [...]uint32{
	0x01000000, // 1.0
	0x01001000, // 1.1
	0x01002000, // 1.2
	0x01002001, // 1.2.1
	0x01002002, // 1.2.2
	0x01003000, // 1.3
	0x01004000, // 1.4
	0x01004001, // 1.4.1
	0x01005000, // 1.5
	0x01006000, // 1.6
	0x01006001, // 1.6.1
	0x01006002, // 1.6.2
	0x01006003, // 1.6.3
	0x01007000, // 1.7
	0x01007001, // 1.7.1
	0x01008000, // 1.8
	0x01008001, // 1.8.1
	0x01009000, // 1.9
	0x01009001, // 1.9.1
	0x0100a000, // 1.10
	0x0100b000, // 1.11
	0x0100c000, // 1.12
	0x0100c001, // 1.12.1
	0x0100d000, // 1.13
}

// ParseVersion is dt_version_str2num: up to three dot-separated decimal
// components, within the field widths. "1" is 1.0.0; "1..2" is 1.0.2.
func ParseVersion(s string) (uint32, bool) {
	var n [3]uint64
	i := 0
	for j := 0; j < len(s); j++ {
		c := s[j]
		switch {
		case '0' <= c && c <= '9':
			n[i] = n[i]*10 + uint64(c-'0')
			if n[i] > 1<<32 {
				return 0, false
			}
		case c == '.' && i < len(n)-1:
			i++
		default:
			return 0, false
		}
	}
	if n[0] > 0xff || n[1] > 0xfff || n[2] > 0xfff {
		return 0, false
	}
	return VersionNumber(uint32(n[0]), uint32(n[1]), uint32(n[2])), true
}

// VersionDefined reports whether v is a D version the compiler knows.
func VersionDefined(v uint32) bool {
	for _, d := range versions {
		if d == v {
			return true
		}
	}
	return false
}

// FormatVersion renders v as DTrace does: "1.13", or "1.12.1".
func FormatVersion(v uint32) string {
	s := itoa(v>>24) + "." + itoa(v>>12&0xfff)
	if v&0xfff != 0 {
		s += "." + itoa(v&0xfff)
	}
	return s
}

func itoa(n uint32) string {
	var b [10]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			return string(b[i:])
		}
	}
}

var (
	stabilityNames = [...]string{"Internal", "Private", "Obsolete", "External",
		"Unstable", "Evolving", "Stable", "Standard"}
	classNames = [...]string{"Unknown", "CPU", "Platform", "Group", "ISA", "Common"}
)

// validAttr is dtrace_str2attr: up to three '/'-separated fields, the name
// and data stabilities and the dependency class, matched ignoring case.
func validAttr(s string) bool {
	if s == "" {
		return true
	}
	fields := strings.Split(s, "/")
	// A trailing '/' ends the list without adding an empty field.
	if fields[len(fields)-1] == "" {
		fields = fields[:len(fields)-1]
	}
	if len(fields) > 3 {
		return false
	}
	for i, f := range fields {
		names := stabilityNames[:]
		if i == 2 {
			names = classNames[:]
		}
		ok := false
		for _, n := range names {
			if strings.EqualFold(n, f) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}
