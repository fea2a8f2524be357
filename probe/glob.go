package probe

import "strings"

// IsGlob reports whether s contains one of the characters that make a probe
// description field a pattern rather than a name: * ? [ or \.
func IsGlob(s string) bool {
	return strings.ContainsAny(s, `*?[\`)
}

// Glob reports whether s matches the probe description field pattern.
//
// The rules are DTrace's on Linux, which matches each field with
// fnmatch(pattern, s, 0): an empty pattern matches anything; * matches any
// run of characters, / and leading dots included; ? matches one character;
// [...] matches one character of a set, with ranges (a-z), classes
// ([:alpha:]) and negation by a leading ! or ^, a leading ] standing for
// itself; \ makes the next character literal, inside brackets too. A [
// without its closing ] stands for itself.
func Glob(pattern, s string) bool {
	if pattern == "" {
		return true
	}
	if !IsGlob(pattern) {
		return pattern == s
	}
	return match(pattern, s)
}

// Matcher returns Glob with its pattern given: a function that matches
// names against pattern, what was found of the pattern found once (a
// pattern that is a name compares; a name followed by a star compares a
// prefix), for matching thousands of probes' fields.
func Matcher(pattern string) func(s string) bool {
	switch {
	case pattern == "":
		return func(string) bool { return true }
	case !IsGlob(pattern):
		return func(s string) bool { return s == pattern }
	}
	if prefix, ok := strings.CutSuffix(pattern, "*"); ok && !IsGlob(prefix) {
		return func(s string) bool { return strings.HasPrefix(s, prefix) }
	}
	return func(s string) bool { return match(pattern, s) }
}

// match is fnmatch without flags. Stars are matched with the usual
// backtracking to the last star, which is linear in practice.
func match(p, s string) bool {
	var starP, starS = -1, 0
	pi, si := 0, 0
	for {
		if pi < len(p) {
			switch c := p[pi]; c {
			case '*':
				for pi < len(p) && p[pi] == '*' {
					pi++
				}
				if pi == len(p) {
					return true
				}
				starP, starS = pi, si
				continue
			case '?':
				if si < len(s) {
					pi++
					si++
					continue
				}
			case '[':
				if si < len(s) {
					ok, n := matchBracket(p[pi:], s[si])
					if n < 0 {
						// Unterminated: the [ is an ordinary character.
						if s[si] == '[' {
							pi++
							si++
							continue
						}
					} else if ok {
						pi += n
						si++
						continue
					}
				}
			case '\\':
				if pi+1 == len(p) {
					// A trailing \ makes the pattern invalid.
					return false
				}
				if si < len(s) && s[si] == p[pi+1] {
					pi += 2
					si++
					continue
				}
			default:
				if si < len(s) && s[si] == c {
					pi++
					si++
					continue
				}
			}
		} else if si == len(s) {
			return true
		}
		// Mismatch: let the last star eat one more character.
		if starP < 0 || starS >= len(s) {
			return false
		}
		starS++
		pi, si = starP, starS
	}
}

// classes are the character classes fnmatch knows, in the C locale.
var classes = map[string]func(byte) bool{
	"alnum":  func(c byte) bool { return isAlpha(c) || isDigit(c) },
	"alpha":  isAlpha,
	"blank":  func(c byte) bool { return c == ' ' || c == '\t' },
	"cntrl":  func(c byte) bool { return c < 0x20 || c == 0x7f },
	"digit":  isDigit,
	"graph":  func(c byte) bool { return c > 0x20 && c < 0x7f },
	"lower":  func(c byte) bool { return c >= 'a' && c <= 'z' },
	"print":  func(c byte) bool { return c >= 0x20 && c < 0x7f },
	"punct":  func(c byte) bool { return c > 0x20 && c < 0x7f && !isAlpha(c) && !isDigit(c) },
	"space":  func(c byte) bool { return c == ' ' || (c >= '\t' && c <= '\r') },
	"upper":  func(c byte) bool { return c >= 'A' && c <= 'Z' },
	"xdigit": func(c byte) bool { return isDigit(c) || (c|0x20 >= 'a' && c|0x20 <= 'f') },
}

func isAlpha(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// matchBracket matches c against the bracket expression at the start of p
// (p[0] == '['). It returns whether c is in the set and the length of the
// expression, or n < 0 when the expression has no closing ].
func matchBracket(p string, c byte) (ok bool, n int) {
	i := 1
	negate := false
	if i < len(p) && (p[i] == '!' || p[i] == '^') {
		negate = true
		i++
	}
	first := true
	for i < len(p) {
		if p[i] == ']' && !first {
			return ok != negate, i + 1
		}
		first = false
		// A class: [:name:].
		if p[i] == '[' && i+1 < len(p) && p[i+1] == ':' {
			if end := strings.Index(p[i+2:], ":]"); end >= 0 {
				if f := classes[p[i+2:i+2+end]]; f != nil {
					if f(c) {
						ok = true
					}
					i += 2 + end + 2
					continue
				}
				// An unknown class makes the whole pattern invalid
				// for fnmatch: it matches nothing.
				return false, i + 2 + end + 2
			}
		}
		lo, w := bracketChar(p, i)
		if w == 0 {
			break
		}
		i += w
		hi := lo
		if i+1 < len(p) && p[i] == '-' && p[i+1] != ']' {
			var w2 int
			hi, w2 = bracketChar(p, i+1)
			if w2 == 0 {
				break
			}
			i += 1 + w2
		}
		if lo <= c && c <= hi {
			ok = true
		}
	}
	return false, -1
}

// bracketChar returns the character at p[i] in a bracket expression,
// honouring a \ escape, and how many bytes it takes (0 at the end).
func bracketChar(p string, i int) (byte, int) {
	if p[i] == '\\' {
		if i+1 >= len(p) {
			return 0, 0
		}
		return p[i+1], 2
	}
	return p[i], 1
}
