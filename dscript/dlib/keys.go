package dlib

import "strings"

// Keys returns the names f's declarations define, found by a scan of its
// text without parsing it (parsing the library costs more than a whole
// small program's compilation): "t:NAME" a typedef, "s:struct NAME" (or
// union, enum) a tag with a body, "i:NAME" an inline or enumerator, and
// "x:TYPE" translators to TYPE. The scan may find more names than the
// file defines, never fewer for declarations written one per statement
// as the library's are.
func (f File) Keys() []string {
	toks := tokens(string(f.Text))
	var keys []string
	depth := 0
	start := 0 // the first token of the statement at depth 0
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch t {
		case "{":
			if depth == 0 && i >= 2 && isTag(toks[i-2]) && isIdent(toks[i-1]) {
				keys = append(keys, "s:"+toks[i-2]+" "+toks[i-1])
				if toks[i-2] == "enum" {
					keys = append(keys, enumerators(toks[i+1:])...)
				}
			}
			depth++
			continue
		case "}":
			depth--
			continue
		}
		if depth != 0 {
			continue
		}
		switch {
		case t == ";":
			if toks[start] == "typedef" && i > start && isIdent(toks[i-1]) {
				keys = append(keys, "t:"+toks[i-1])
			}
			start = i + 1
		case t == "=" && toks[start] == "inline" && isIdent(toks[i-1]):
			keys = append(keys, "i:"+toks[i-1])
		case t == "=" && toks[start] == "inline" && toks[i-1] == "]":
			// An inline associative array: inline string
			// tcp_state_string[int state] = ...
			for j := i - 2; j > start; j-- {
				if toks[j] == "[" {
					if isIdent(toks[j-1]) {
						keys = append(keys, "i:"+toks[j-1])
					}
					break
				}
			}
		case t == "<" && toks[start] == "translator" && i > start+1:
			keys = append(keys, "x:"+strings.Join(toks[start+1:i], " "))
		}
	}
	return keys
}

// enumerators returns the "i:NAME" keys of an enum body's names.
func enumerators(toks []string) []string {
	var keys []string
	expect := true
	for _, t := range toks {
		switch {
		case t == "}":
			return keys
		case t == ",":
			expect = true
		case expect && isIdent(t):
			keys = append(keys, "i:"+t)
			expect = false
		}
	}
	return keys
}

func isTag(s string) bool { return s == "struct" || s == "union" || s == "enum" }

func isIdent(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '_' && !(c >= 'a' && c <= 'z') && !(c >= 'A' && c <= 'Z') && !(c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// tokens splits D text into identifiers, numbers and single punctuation
// characters, without comments, preprocessor lines and the contents of
// string and character literals.
func tokens(s string) []string {
	out := make([]string, 0, len(s)/4)
	lineStart := true
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\n':
			lineStart = true
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r':
			i++
			continue
		case c == '#' && lineStart:
			for i < len(s) && s[i] != '\n' {
				i++
			}
			continue
		case strings.HasPrefix(s[i:], "/*"):
			j := strings.Index(s[i+2:], "*/")
			if j < 0 {
				return out
			}
			i += j + 4
			continue
		case strings.HasPrefix(s[i:], "//"):
			for i < len(s) && s[i] != '\n' {
				i++
			}
			continue
		}
		lineStart = false
		switch {
		case c == '"' || c == '\'':
			j := i + 1
			for j < len(s) && s[j] != c {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			out = append(out, "lit")
			i = j + 1
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9':
			j := i
			for j < len(s) && (s[j] == '_' || s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z' || s[j] >= '0' && s[j] <= '9') {
				j++
			}
			out = append(out, s[i:j])
			i = j
		default:
			out = append(out, s[i:i+1])
			i++
		}
	}
	return out
}
