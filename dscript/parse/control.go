package parse

import (
	"sort"
	"strconv"
	"strings"

	"github.com/antlr4-go/antlr/v4"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/diag"
)

// lineMap maps physical lines to the lines and files that #line directives
// set.
type lineMap struct {
	entries []lineEntry // sorted by phys
}

type lineEntry struct {
	phys int // first physical line the entry applies to
	line int // its line number
	file string
}

// pos returns the position of physical line phys, 0-based column col.
func (m *lineMap) pos(phys, col int) ast.Pos {
	e := m.entries
	if len(e) == 0 || phys < e[0].phys {
		return ast.Pos{Line: phys, Col: col + 1}
	}
	i := len(e) - 1
	if e[i].phys > phys {
		i = sort.Search(len(e), func(k int) bool { return e[k].phys > phys }) - 1
	}
	return ast.Pos{File: e[i].file, Line: e[i].line + phys - e[i].phys, Col: col + 1}
}

func (m *lineMap) set(phys, line int, file string, setFile bool) {
	if !setFile {
		file = m.pos(phys, 0).File
	}
	m.entries = append(m.entries, lineEntry{phys: phys, line: line, file: file})
}

// A control-line word, as DTrace's S3 state lexes it.
type ctlWord struct {
	kind byte // 'i' integer, 'n' name, 's' string
	text string
}

// controlLine reads a control line (#pragma, #line, # N "file", #!...) after
// its '#', and does what DTrace's dt_pragma does with it at this stage.
func (ts *tokenSource) controlLine(hash antlr.Token) bool {
	line := hash.GetLine()
	if ts.la(1) == '!' {
		// "#!" lines are discarded; the first one names the interpreter.
		var b strings.Builder
		ts.consume()
		for c := ts.la(1); c != antlr.TokenEOF && c != '\n'; c = ts.la(1) {
			b.WriteRune(rune(c))
			ts.consume()
		}
		if line == 1 {
			ts.interp = b.String()
		}
		return true
	}
	var words []ctlWord
	for {
		c := ts.la(1)
		switch c {
		case antlr.TokenEOF:
			ts.errorf(ts.lex.GetLine(), diag.D_SYNTAX, "end-of-file encountered before end of control line")
			return false
		case '\n':
			ts.consume()
			return ts.directive(hash, words)
		case ' ', '\t', '\f', '\v':
			ts.consume()
		case '"':
			n, status := ts.scanString()
			switch status {
			case strNewline:
				ts.errorf(ts.lex.GetLine()+1, diag.D_STR_NL, "newline encountered in string literal")
				return false
			case strBad:
				ts.errorf(ts.lex.GetLine(), diag.D_SYNTAX, "syntax error near \"\"\"")
				return false
			}
			var b strings.Builder
			for i := 0; i < n; i++ {
				b.WriteRune(rune(ts.la(1)))
				ts.consume()
			}
			words = append(words, ctlWord{kind: 's', text: b.String()})
		default:
			var b strings.Builder
			for c != antlr.TokenEOF && !strings.ContainsRune("\f\n\t\v \"", rune(c)) {
				b.WriteRune(rune(c))
				ts.consume()
				c = ts.la(1)
			}
			w := ctlWord{kind: 'n', text: b.String()}
			if isRgxInt(w.text) {
				w.kind = 'i'
				if !ts.checkIntText(w.text, line) {
					return false
				}
			}
			words = append(words, w)
		}
	}
}

const (
	strOK = iota
	strNewline
	strBad
)

// scanString measures the string literal that starts at the next character,
// with DTrace's RGX_STR: it returns its length in characters, quotes
// included.
func (ts *tokenSource) scanString() (int, int) {
	for i := 2; ; i++ {
		switch c := ts.la(i); c {
		case '"':
			return i, strOK
		case '\n':
			return 0, strNewline
		case antlr.TokenEOF:
			return 0, strBad
		case '\\':
			if d := ts.la(i + 1); d != '\n' && d != antlr.TokenEOF {
				i++
				continue
			}
			return 0, strBad
		}
	}
}

// isRgxInt reports whether s is all of DTrace's RGX_INT.
func isRgxInt(s string) bool {
	i := 0
	if len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && isHex(s[2]) {
		i = 2
		for i < len(s) && isHex(s[i]) {
			i++
		}
	} else {
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == 0 {
			return false
		}
	}
	return i+dtraceSuffixLen(s[i:]) == len(s)
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// dtraceSuffixLen returns the length of the prefix of s that DTrace's
// [uU]?[lL]?[lL]? matches.
func dtraceSuffixLen(s string) int {
	i := 0
	if i < len(s) && (s[i] == 'u' || s[i] == 'U') {
		i++
	}
	for k := 0; k < 2 && i < len(s) && (s[i] == 'l' || s[i] == 'L'); k++ {
		i++
	}
	return i
}

// directive processes a control line's words as DTrace's dt_pragma does:
// line directives change the positions of what follows, #error and unknown
// directives are errors, and #pragma lines become ast.Pragma items for the
// checker.
func (ts *tokenSource) directive(hash antlr.Token, words []ctlWord) bool {
	phys := hash.GetLine()
	const (
		dir = iota
		sub
		dcp
	)
	kind := dir
	for i, w := range words {
		if w.kind == 'i' {
			return ts.lineDirective(phys, words[i:], false)
		}
		if w.kind != 'n' {
			ts.errorf(phys+1, diag.D_PRAGCTL_INVAL, "invalid control directive")
			return false
		}
		if kind == dir && w.text == "pragma" {
			kind = sub
			continue
		}
		if kind == sub && w.text == "D" {
			kind = dcp
			continue
		}
		if w.text == "line" {
			return ts.lineDirective(phys, words[i+1:], true)
		}
		if kind != dir {
			p := &ast.Pragma{At: ts.lines.pos(phys, hash.GetColumn()), Tok: ts.ntok}
			for _, w := range words[1:] {
				p.Words = append(p.Words, w.text)
			}
			ts.pragmas = append(ts.pragmas, pendingPragma{next: ts.ntok, pragma: p})
			return true
		}
		switch w.text {
		case "ident":
			return true
		case "error":
			var b strings.Builder
			for _, a := range words[i+1:] {
				switch a.kind {
				case 'n':
					b.WriteString(a.text)
					b.WriteByte(' ')
				case 's':
					b.Write(cString(unescape(a.text[1 : len(a.text)-1])))
					b.WriteByte(' ')
				}
			}
			ts.errorf(phys, diag.D_PRAGERR, "#error: %s", b.String())
			return false
		}
		ts.errorf(phys, diag.D_PRAGCTL_INVAL, "invalid control directive: #%s", w.text)
		return false
	}
	return true // a null directive
}

// lineDirective applies "#line N ["file" [state...]]" or "# N ...". DTrace
// gives the line after "# N" the number N but, through the way it counts
// lines around named directives, the line after "#line N" the number N+1;
// both are reproduced here.
func (ts *tokenSource) lineDirective(phys int, args []ctlWord, named bool) bool {
	errLine := phys
	if !named {
		errLine = phys + 1
	}
	ok := len(args) > 0 && args[0].kind == 'i'
	if ok && len(args) > 1 && args[1].kind != 's' {
		ok = false
	}
	for _, a := range args[min(2, len(args)):] {
		if a.kind != 'i' {
			ok = false
		}
	}
	if !ok {
		ts.errorf(errLine, diag.D_PRAGMA_MALFORM, "malformed #line <line> [ [\"file\"] state ]")
		return false
	}
	n, _ := intValue(args[0].text)
	next := int(n)
	if named {
		next++
	}
	file, setFile := "", false
	if len(args) > 1 {
		setFile = true
		file = string(cString(unescape(args[1].text[1 : len(args[1].text)-1])))
		if strings.HasPrefix(file, "/dev/fd/") {
			file = ""
		}
	}
	ts.lines.set(phys+1, next, file, setFile)
	return true
}

// intValue returns the value of an integer constant, suffix ignored.
func intValue(text string) (uint64, error) {
	digits, _ := splitInt(text)
	base := 10
	switch {
	case len(digits) > 2 && (digits[1] == 'x' || digits[1] == 'X'):
		base, digits = 16, digits[2:]
	case len(digits) > 1 && digits[0] == '0':
		base = 8
	}
	return strconv.ParseUint(digits, base, 64)
}

// splitInt splits an integer token into its digits and its suffix.
func splitInt(text string) (string, string) {
	i := len(text)
	for i > 0 && strings.IndexByte("uUlL", text[i-1]) >= 0 {
		i--
	}
	return text[:i], text[i:]
}

// checkInt checks an integer token as DTrace's lexer does.
func (ts *tokenSource) checkInt(t antlr.Token) {
	ts.checkIntText(t.GetText(), t.GetLine())
}

func (ts *tokenSource) checkIntText(text string, line int) bool {
	digits, suffix := splitInt(text)
	yytext := digits + suffix[:dtraceSuffixLen(suffix)]
	base, body := 10, digits
	switch {
	case len(digits) > 2 && (digits[1] == 'x' || digits[1] == 'X'):
		base, body = 16, digits[2:]
	case len(digits) > 1 && digits[0] == '0':
		base = 8
	}
	bad := -1
	if base == 8 {
		for i := 0; i < len(body); i++ {
			if body[i] > '7' {
				bad = i
				body = body[:i]
				break
			}
		}
	}
	if _, err := strconv.ParseUint(body, base, 64); err != nil {
		ts.errorf(line, diag.D_INT_OFLOW, "constant %s results in integer overflow", yytext)
		return false
	}
	if bad >= 0 {
		ts.errorf(line, diag.D_INT_DIGIT, "constant %s contains invalid digit %c", yytext, digits[bad])
		return false
	}
	if !validSuffix(suffix) {
		k := len(suffix)
		for k > 0 && !validSuffix(suffix[:k]) {
			k--
		}
		ts.errorf(line, diag.D_SYNTAX, "syntax error near \"%s\"", suffix[k:])
		return false
	}
	return true
}

// validSuffix accepts the integer suffixes u, l, ul, lu, ll, ull and llu in
// any case.
func validSuffix(s string) bool {
	switch strings.ToLower(s) {
	case "", "u", "l", "ul", "lu", "ll", "ull", "llu":
		return true
	}
	return false
}

// checkChar checks a character constant as DTrace's lexer does.
func (ts *tokenSource) checkChar(t antlr.Token) {
	text := t.GetText()
	if len(text) == 2 {
		ts.errorf(t.GetLine(), diag.D_CHR_NULL, "empty character constant")
		return
	}
	if len(unescape(text[1:len(text)-1])) > 8 {
		ts.errorf(t.GetLine(), diag.D_CHR_OFLOW, "character constant is too long")
	}
}

// unescape decodes C escapes as DTrace's stresc2chr does: \a \b \f \n \r \t
// \v, up to three octal digits, \x and any number of hex digits, \" and \\;
// any other escaped character keeps its backslash.
func unescape(s string) []byte {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			if c != '\\' {
				out = append(out, c)
			}
			continue
		}
		i++
		c = s[i]
		switch c {
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v := int(c - '0')
			for k := 0; k < 2 && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '7'; k++ {
				i++
				v = v*8 + int(s[i]-'0')
			}
			out = append(out, byte(v))
		case 'a':
			out = append(out, '\a')
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'v':
			out = append(out, '\v')
		case 'x':
			v := 0
			for i+1 < len(s) && isHex(s[i+1]) {
				i++
				d := s[i]
				switch {
				case d <= '9':
					v = v*16 + int(d-'0')
				case d >= 'a':
					v = v*16 + int(d-'a') + 10
				default:
					v = v*16 + int(d-'A') + 10
				}
				v &= 0xff
			}
			out = append(out, byte(v))
		case '"', '\\':
			out = append(out, c)
		default:
			out = append(out, '\\', c)
		}
	}
	return out
}

// cString cuts b at its first NUL, as a C string would end.
func cString(b []byte) []byte {
	for i, c := range b {
		if c == 0 {
			return b[:i]
		}
	}
	return b
}
