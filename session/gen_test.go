package session

import (
	"fmt"
	"strings"
)

// progGen writes a D program of BEGIN clauses from a stream of choices:
// a grammar subset that type-checks by construction (integers and
// strings kept apart, aggregations used with one signature), for fuzzing
// the code generator and the verifier with programs the front end takes.
// A stream that runs out chooses 0 at every choice: the program ends.
type progGen struct {
	in    []byte
	b     strings.Builder
	depth int
	aggs  map[string]string // aggregation name -> its function's call form, once used
}

// generate returns the program the choices in make.
func generate(in []byte) string {
	g := &progGen{in: in, aggs: map[string]string{}}
	g.b.WriteString("int g0, g1;\nstring s0, s1;\ndouble d0;\nfloat f0;\nint a0[int];\nint b0[string];\nself int u;\nthis int t;\n")
	for n := g.pick(3) + 1; n > 0; n-- {
		g.clause()
	}
	g.b.WriteString("BEGIN\n{\n\texit(0);\n}\n")
	return g.b.String()
}

// pick returns a choice in [0, n).
func (g *progGen) pick(n int) int {
	if len(g.in) == 0 || n <= 1 {
		return 0
	}
	c := int(g.in[0]) % n
	g.in = g.in[1:]
	return c
}

func (g *progGen) clause() {
	g.b.WriteString("BEGIN\n")
	if g.pick(3) == 0 {
		fmt.Fprintf(&g.b, "/%s/\n", g.intExpr())
	}
	g.b.WriteString("{\n")
	for n := g.pick(6) + 1; n > 0; n-- {
		g.stmt("\t")
	}
	g.b.WriteString("}\n")
}

func (g *progGen) stmt(indent string) {
	g.b.WriteString(indent)
	switch g.pick(15) {
	case 0:
		fmt.Fprintf(&g.b, "g%d = %s;\n", g.pick(2), g.intExpr())
	case 1:
		fmt.Fprintf(&g.b, "s%d = %s;\n", g.pick(2), g.strExpr())
	case 2:
		fmt.Fprintf(&g.b, "this->t = %s;\n", g.intExpr())
	case 3:
		fmt.Fprintf(&g.b, "self->u = %s;\n", g.intExpr())
	case 4:
		fmt.Fprintf(&g.b, "a0[%s] = %s;\n", g.intExpr(), g.intExpr())
	case 5:
		fmt.Fprintf(&g.b, "b0[%s] = %s;\n", g.strExpr(), g.intExpr())
	case 6:
		fmt.Fprintf(&g.b, "g%d %s %s;\n", g.pick(2), []string{"+=", "-=", "*=", "|=", "^=", "<<="}[g.pick(6)], g.intExpr())
	case 7:
		g.agg()
	case 8:
		fmt.Fprintf(&g.b, "trace(%s);\n", g.intExpr())
	case 9:
		fmt.Fprintf(&g.b, "trace(%s);\n", g.strExpr())
	case 10:
		g.printf()
	case 11:
		if g.depth > 2 {
			g.b.WriteString("g0++;\n")
			return
		}
		g.depth++
		fmt.Fprintf(&g.b, "if (%s) {\n", g.cond())
		g.stmt(indent + "\t")
		g.b.WriteString(indent + "} else {\n")
		g.stmt(indent + "\t")
		g.b.WriteString(indent + "}\n")
		g.depth--
	case 12:
		fmt.Fprintf(&g.b, "g%d = this->t + self->u;\n", g.pick(2))
	case 13:
		fmt.Fprintf(&g.b, "trace(%s);\n", g.floatExpr())
	default:
		g.b.WriteString("g1--;\n")
	}
}

// agg writes an aggregation, keyed by integers, strings or char arrays,
// with one key signature and function per name.
func (g *progGen) agg() {
	name := fmt.Sprintf("c%d", g.pick(4))
	form, ok := g.aggs[name]
	if !ok {
		keys := []string{"", "[%i]", "[%s]", "[%i, %s]", "[curthread->comm]", "[%s, %i, %s]"}[g.pick(6)]
		fn := []string{"count()", "sum(%i)", "min(%i)", "max(%i)", "avg(%i)", "stddev(%i)",
			"quantize(%i)", "lquantize(%i, -10, 100, 10)", "llquantize(%i, 10, 0, 6, 20)"}[g.pick(9)]
		form = "@" + name + keys + " = " + fn
		g.aggs[name] = form
	}
	out := ""
	for i := 0; i < len(form); i++ {
		if form[i] == '%' && i+1 < len(form) {
			i++
			if form[i] == 'i' {
				out += g.intExpr()
			} else {
				out += g.strExpr()
			}
			continue
		}
		out += string(form[i])
	}
	g.b.WriteString(out + ";\n")
	if g.pick(4) == 0 {
		fmt.Fprintf(&g.b, "\tprinta(@%s);\n", name)
	}
}

func (g *progGen) printf() {
	var f strings.Builder
	var args []string
	for n := g.pick(4); n > 0; n-- {
		switch g.pick(6) {
		case 0:
			f.WriteString("%d ")
			args = append(args, g.intExpr())
		case 1:
			f.WriteString("%s|")
			args = append(args, g.strExpr())
		case 2:
			f.WriteString("%-5x ")
			args = append(args, g.intExpr())
		case 3:
			f.WriteString("%10.3s|")
			args = append(args, g.strExpr())
		case 4:
			f.WriteString([]string{"%g ", "%-8.2f|", "%+e "}[g.pick(3)])
			args = append(args, g.floatExpr())
		default:
			f.WriteString("%u ")
			args = append(args, g.intExpr())
		}
	}
	f.WriteString("\\n")
	g.b.WriteString(`printf("` + f.String() + `"`)
	for _, a := range args {
		g.b.WriteString(", " + a)
	}
	g.b.WriteString(");\n")
}

// floatExpr is a float or double value: D has no float arithmetic, so a
// variable, or a value read through a pointer into scratch memory.
func (g *progGen) floatExpr() string {
	switch g.pick(4) {
	case 0:
		return "d0"
	case 1:
		return "f0"
	case 2:
		return "*(double *)alloca(8)"
	default:
		return fmt.Sprintf("(%s ? d0 : d0)", g.cond())
	}
}

func (g *progGen) cond() string {
	switch g.pick(4) {
	case 0:
		return fmt.Sprintf("%s %s %s", g.strExpr(), []string{"==", "!=", "<", ">="}[g.pick(4)], g.strExpr())
	case 1:
		return fmt.Sprintf("%s && %s", g.intExpr(), g.intExpr())
	default:
		return g.intExpr()
	}
}

func (g *progGen) intExpr() string {
	if g.depth > 2 {
		return fmt.Sprint(g.pick(100))
	}
	g.depth++
	defer func() { g.depth-- }()
	switch g.pick(19) {
	case 0:
		return []string{"0", "1", "-1", "255", "65536", "4294967296", "9223372036854775807", "(-9223372036854775807 - 1)", "0x7f"}[g.pick(9)]
	case 1:
		return []string{"pid", "tid", "cpu", "timestamp", "arg0", "uid", "g0", "g1", "this->t", "self->u", "errno"}[g.pick(11)]
	case 2:
		return fmt.Sprintf("(%s %s %s)", g.intExpr(), []string{"+", "-", "*", "&", "|", "^"}[g.pick(6)], g.intExpr())
	case 16:
		// Shift counts in [0, 63]: a constant count out of that range
		// is codegen's to settle (issue 15's integer arithmetic).
		return fmt.Sprintf("(%s %s (%s & 63))", g.intExpr(), []string{"<<", ">>"}[g.pick(2)], g.intExpr())
	case 3:
		// A divisor that is not a constant 0 (the checker refuses it).
		return fmt.Sprintf("(%s %s (%s | 1))", g.intExpr(), []string{"/", "%"}[g.pick(2)], g.intExpr())
	case 4:
		return fmt.Sprintf("(%s %s %s)", g.intExpr(), []string{"<", "<=", "==", "!=", ">", ">="}[g.pick(6)], g.intExpr())
	case 5:
		return fmt.Sprintf("(%s ? %s : %s)", g.cond(), g.intExpr(), g.intExpr())
	case 6:
		return fmt.Sprintf("strlen(%s)", g.strExpr())
	case 7:
		return fmt.Sprintf("((%s)%s)", []string{"char", "uint8_t", "short", "int", "unsigned int", "long", "uint64_t"}[g.pick(7)], g.intExpr())
	case 8:
		return fmt.Sprintf("a0[%s]", g.intExpr())
	case 9:
		return fmt.Sprintf("b0[%s]", g.strExpr())
	case 10:
		return fmt.Sprintf("(%s %s %s)", g.strExpr(), []string{"==", "!=", "<", ">"}[g.pick(4)], g.strExpr())
	case 11:
		return fmt.Sprintf("%s(%s, %s)", []string{"index", "rindex"}[g.pick(2)], g.strExpr(), g.strExpr())
	case 12:
		return fmt.Sprintf("%s(%s)", []string{"-", "~", "!"}[g.pick(3)], g.intExpr())
	case 13:
		return fmt.Sprintf("(%s || %s)", g.intExpr(), g.intExpr())
	case 14:
		return "curthread->pid"
	default:
		return fmt.Sprint(g.pick(1000))
	}
}

func (g *progGen) strExpr() string {
	if g.depth > 2 {
		return `"x"`
	}
	g.depth++
	defer func() { g.depth-- }()
	switch g.pick(12) {
	case 0:
		return []string{`""`, `"a"`, `"abcdefgh"`, `"abcdefghijklmnopqrstuvwxyz0123456789"`, `"/usr/lib/x.so"`, `"\t\n\\"`, `"\xff"`}[g.pick(7)]
	case 1:
		return []string{"execname", "probename", "probefunc", "probeprov", "s0", "s1", "curthread->comm"}[g.pick(7)]
	case 2:
		return fmt.Sprintf("strjoin(%s, %s)", g.strExpr(), g.strExpr())
	case 3:
		return fmt.Sprintf("substr(%s, %s)", g.strExpr(), g.intExpr())
	case 4:
		return fmt.Sprintf("substr(%s, %s, %s)", g.strExpr(), g.intExpr(), g.intExpr())
	case 5:
		return fmt.Sprintf("%s(%s)", []string{"toupper", "tolower", "basename", "dirname", "cleanpath"}[g.pick(5)], g.strExpr())
	case 6:
		return fmt.Sprintf("lltostr(%s)", g.intExpr())
	case 7:
		return fmt.Sprintf("(%s ? %s : %s)", g.cond(), g.strExpr(), g.strExpr())
	case 8:
		return fmt.Sprintf("%s(%s, %s)", []string{"strchr", "strrchr"}[g.pick(2)], g.strExpr(), []string{"'a'", "'/'", "0"}[g.pick(3)])
	case 9:
		return fmt.Sprintf("strstr(%s, %s)", g.strExpr(), g.strExpr())
	default:
		return `"y"`
	}
}
