package parse

import (
	"strings"
	"testing"

	"github.com/dtrace-go/dtrace/dscript/diag"
)

// nestingKinds are the ways a program nests in the parse, each deeper
// than MaxNesting: deep repeats a construct to a megabyte, or to twice
// MaxNesting only. The nesting starts on line 2; near is the token
// DTrace's message names.
func nestingKinds(deep func(string) string) []struct{ name, src, near string } {
	return []struct{ name, src, near string }{
		{"logical not", "BEGIN\n{ x = " + deep("!") + "1; }", "!"},
		{"unary minus", "BEGIN\n{ x = " + deep("- ") + "1; }", "-"},
		{"bitwise not", "BEGIN\n{ x = " + deep("~") + "1; }", "~"},
		{"dereference", "BEGIN\n{ x = " + deep("*") + "p; }", "*"},
		{"parentheses", "BEGIN\n{ x = " + deep("(") + "1" + deep(")") + "; }", "("},
		{"casts", "BEGIN\n{ x = " + deep("(int)") + "1; }", "int"},
		{"sizeof", "BEGIN\n{ x = " + deep("sizeof ") + "1; }", "sizeof"},
		{"stringof", "BEGIN\n{ x = " + deep("stringof ") + "1; }", "stringof"},
		{"increments", "BEGIN\n{ x = " + deep("++") + "y; }", "++"},
		{"calls", "BEGIN\n{ x = " + deep("f(") + "1" + deep(")") + "; }", "f"},
		{"subscripts", "BEGIN\n{ x = " + deep("a[") + "1" + deep("]") + "; }", "a"},
		{"conditionals", "BEGIN\n{ x = " + deep("1 ? 1 : ") + "1; }", "1"},
		{"assignments", "BEGIN\n{ " + deep("x = ") + "1; }", "x"},
		{"predicate", "BEGIN\n/" + deep("!") + "1/ { }", "!"},
		{"blocks", "BEGIN\n" + deep("{") + deep("}"), "{"},
		{"ifs", "BEGIN\n{ " + deep("if (1) ") + "x = 1; }", "1"},
		{"else ifs", "BEGIN\n{ if (1) x = 1; " + deep("else if (1) x = 1; ") + "}", "x"},
		{"declarators", "int\n" + deep("(") + "x" + deep(")") + ";", "("},
		{"pointers", "int\n" + deep("*") + "x;", "*"},
		{"cast to pointer", "BEGIN\n{ x = (int " + deep("*") + ")0; }", "*"},
		{"structs", "\n" + deep("struct s { ") + "int x;" + deep(" } y;"), "struct"},
		{"inline", "inline int\ni = " + deep("!") + "1;", "!"},
	}
}

// A program nested too deep for the parser is refused as DTrace's parser
// refuses one that overflows its stack, not with Go's fatal "stack
// overflow".
func TestNestingLimit(t *testing.T) {
	deep := func(s string) string { return strings.Repeat(s, max(2*MaxNesting, (1<<20)/len(s))) }
	if testing.Short() {
		// A megabyte of each is slow under the race detector.
		deep = func(s string) string { return strings.Repeat(s, 2*MaxNesting) }
	}
	for _, k := range nestingKinds(deep) {
		// f is a function DTrace knows: its yytext is only its name.
		_, err := Parse("x.d", []byte(k.src), Config{IsType: testTypes, IsGlobal: func(name string) bool { return name == "f" }})
		checkExhausted(t, k.name, err, k.near)
	}
}

func checkExhausted(t *testing.T, kind string, err error, near string) {
	t.Helper()
	de, ok := err.(*diag.Error)
	if want := `line 2: memory exhausted near "` + near + `"`; !ok || de.Tag != diag.D_SYNTAX || de.Error() != want {
		t.Errorf("%s: %v, want [D_SYNTAX] %s", kind, err, want)
	}
}

// chainKinds are runs of operators whose tree nests one level deeper for
// each operator: n operators and their operands.
var chainKinds = []struct {
	name string
	src  func(n int) string
	near string
}{
	{"additions", func(n int) string { return "BEGIN\n{ x = 1" + strings.Repeat(" + 1", n) + "; }" }, "+"},
	{"commas", func(n int) string { return "BEGIN\n{ x = (1" + strings.Repeat(", 1", n) + "); }" }, ","},
	{"subscripts", func(n int) string { return "BEGIN\n{ x = a" + strings.Repeat("[1]", n) + "; }" }, "["},
	{"members", func(n int) string { return "BEGIN\n{ x = a" + strings.Repeat("->b", n) + "; }" }, "->"},
}

// A run of operators that the parser reduces as it goes may be as long as
// the input, but its tree may be no deeper than MaxExprDepth, which the
// passes that recurse over it can go.
func TestExprDepthLimit(t *testing.T) {
	for i, k := range chainKinds {
		if i > 0 && testing.Short() {
			break // slow under the race detector
		}
		if i == 0 {
			if _, err := Parse("x.d", []byte(k.src(MaxExprDepth-10)), Config{}); err != nil {
				t.Errorf("%s: %d deep: %v", k.name, MaxExprDepth-10, err)
			}
		}
		_, err := Parse("x.d", []byte(k.src(MaxExprDepth+10)), Config{})
		checkExhausted(t, k.name, err, k.near)
	}
}

// Nesting up to the limits parses; a clause holds up to MaxStatements
// expression statements.
func TestNestingWithinLimits(t *testing.T) {
	for _, src := range []string{
		"BEGIN { x = " + strings.Repeat("!", MaxNesting-20) + "1; }",
		"BEGIN { x = " + strings.Repeat("(int)", MaxNesting-20) + "1; }",
		"BEGIN { x = " + strings.Repeat("(", MaxNesting/3-20) + "1" + strings.Repeat(")", MaxNesting/3-20) + "; }",
		"int " + strings.Repeat("*", MaxNesting) + "x;",
		"int x" + strings.Repeat("[1]", MaxNesting) + ";",
	} {
		if _, err := Parse("x.d", []byte(src), Config{}); err != nil {
			t.Errorf("%.40s...: %v", src, err)
		}
	}
	_, err := Parse("x.d", []byte("int\nx"+strings.Repeat("[1]", MaxNesting+1)+";"), Config{})
	checkExhausted(t, "array declarator", err, "[")
	if testing.Short() {
		return // slow under the race detector
	}
	if _, err := Parse("x.d", []byte("BEGIN { "+strings.Repeat("x = 1;", MaxStatements)+" }"), Config{}); err != nil {
		t.Errorf("%d statements: %v", MaxStatements, err)
	}
	// The statements that follow the last one are none, but the parser
	// goes one rule deeper to find so.
	_, err = Parse("x.d", []byte("BEGIN\n{ "+strings.Repeat("1;", MaxStatements+1)+" }"), Config{})
	checkExhausted(t, "statements", err, "}")
}
