package codegen_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/dscript/parse"
)

// Programs nested as deep as the parser lets them are checked and
// compiled, or refused with an error, without overflowing the stack of
// the goroutine (a fatal error no recover() catches) or taking time
// quadratic in their depth; a megabyte of nesting is refused with
// DTrace's "memory exhausted".
func TestDeepPrograms(t *testing.T) {
	const n, e = parse.MaxNesting - 20, parse.MaxExprDepth - 20
	deep := []string{
		"BEGIN { x = " + strings.Repeat("!", n) + "arg0; }",
		"BEGIN { x = " + strings.Repeat("- ", n) + "arg0; }",
		"BEGIN { x = " + strings.Repeat("~", n) + "arg0; }",
		"BEGIN { x = " + strings.Repeat("(int)", n) + "arg0; }",
		"BEGIN { x = " + strings.Repeat("(", n/3) + "arg0" + strings.Repeat(")", n/3) + "; }",
		"BEGIN { x = " + strings.Repeat("arg0 ? arg1 : ", n) + "arg2; }",
		"BEGIN { " + strings.Repeat("x = ", n) + "arg0; }",
		"BEGIN { " + strings.Repeat("if (arg0) ", n/2) + "trace(1); }",
		"BEGIN { if (arg0) x = 1; " + strings.Repeat("else if (arg0) trace(2); ", n/2) + "}",
		"BEGIN " + strings.Repeat("{", n/2) + "trace(1);" + strings.Repeat("}", n/2),
		"BEGIN /" + strings.Repeat("!", n) + "arg0/ { }",
		"int " + strings.Repeat("*", parse.MaxNesting) + "p; BEGIN { trace(p); }",
	}
	if !testing.Short() {
		// Long runs of operators and statements, slow under the race
		// detector (as the megabytes below are).
		deep = append(deep,
			"BEGIN { x = arg0"+strings.Repeat(" + arg0", e)+"; }",
			"BEGIN { x = (arg0"+strings.Repeat(", arg0", e)+"); }",
			"BEGIN { "+strings.Repeat("x = arg0;", 100000)+" }")
	}
	for _, src := range deep {
		if _, err := build(src); err != nil {
			t.Errorf("%.40s...: %v", src, err)
		}
	}
	// Each level holds a value while the next is computed: the code
	// generator runs out of registers and stack, and says so.
	src := "BEGIN { x = " + strings.Repeat("arg0 + (", n/3) + "arg0" + strings.Repeat(")", n/3) + "; }"
	if _, err := build(src); !errors.Is(err, codegen.ErrNotSupported) {
		t.Errorf("%.40s...: %v, want %v", src, err, codegen.ErrNotSupported)
	}
	if testing.Short() {
		return
	}
	megabyte := func(s string) string { return strings.Repeat(s, (1<<20)/len(s)) }
	for _, src := range []string{
		"BEGIN { x = " + megabyte("!") + "1; }",
		"BEGIN { x = " + megabyte("(") + "1" + megabyte(")") + "; }",
		"BEGIN { x = " + megabyte("(int)") + "1; }",
		"BEGIN { x = " + megabyte("- ") + "1; }",
		"BEGIN { x = 1" + megabyte(" + 1") + "; }",
	} {
		_, err := build(src)
		if err == nil || !strings.Contains(err.Error(), "memory exhausted") {
			t.Errorf("%.40s...: %v, want memory exhausted", src, err)
		}
	}
}

// An inline expands where it is used, and its value may use others: the
// code they expand to may grow exponentially with their number, and as
// deep as their values' trees together. Compiling stops with an error at
// the most instructions the kernel loads, and as deep as the parser lets
// one expression's tree be.
func TestInlineExpansion(t *testing.T) {
	if codegen.MaxExprNesting != parse.MaxExprDepth {
		t.Fatalf("codegen's maxExprNesting %d is not parse.MaxExprDepth %d", codegen.MaxExprNesting, parse.MaxExprDepth)
	}
	var b strings.Builder
	b.WriteString("inline int i0 = (int)arg0;\n")
	for k := 1; k < 40; k++ {
		fmt.Fprintf(&b, "inline int i%d = i%d + i%d;\n", k, k-1, k-1)
	}
	b.WriteString("BEGIN { trace(i39); }\n")
	if _, err := build(b.String()); err == nil || !strings.Contains(err.Error(), "more than 1,000,000 instructions") {
		t.Errorf("2^39 additions: %v, want more than 1,000,000 instructions", err)
	}
	// Inlines whose values are 10,000 deep, each using the one before:
	// together deeper than an expression may be.
	b.Reset()
	b.WriteString("inline int i0 = (int)arg0;\n")
	n := parse.MaxExprDepth/10000 + 1
	for k := 1; k <= n; k++ {
		fmt.Fprintf(&b, "inline int i%d = i%d%s;\n", k, k-1, strings.Repeat(" + 1", 10000))
	}
	fmt.Fprintf(&b, "BEGIN { trace(i%d); }\n", n)
	if _, err := build(b.String()); err == nil || !strings.Contains(err.Error(), "an expression nested this deeply") {
		t.Errorf("%d inlines 10,000 deep: %v, want an expression nested this deeply", n, err)
	}
}
