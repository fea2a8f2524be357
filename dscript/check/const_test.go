package check_test

import (
	"testing"

	"github.com/dtrace-go/dtrace/dscript"
	"github.com/dtrace-go/dtrace/dscript/ast"
)

// traceConsts compiles a clause of trace() statements and returns the
// constant value and type of each traced expression.
func traceConsts(t *testing.T, src string) (vals []int64, typs []string) {
	t.Helper()
	p, err := dscript.New(dscript.Config{Args: []string{"t.d", "abcd"}}).Compile(dscript.Source{Kind: dscript.Script, Name: "t.d", Text: []byte(src)})
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	for _, it := range p.File.Items {
		cl, ok := it.(*ast.Clause)
		if !ok {
			continue
		}
		for _, s := range cl.Body {
			arg := s.(*ast.ExprStmt).X.(*ast.Call).Args[0]
			v, ok := p.Info.Consts[arg]
			if !ok {
				t.Fatalf("%s: argument %d is no constant", src, len(vals)+1)
			}
			vals = append(vals, v)
			typs = append(typs, p.Info.Types[arg].String())
		}
	}
	return vals, typs
}

// sizeof a string constant is its length and NUL (dt_node_type_size);
// NULL, DTrace's "inline long NULL = 0", and any integer constant inline
// read as a copy of their value's constant, with its type (dt_node_ident).
func TestConstants(t *testing.T) {
	vals, typs := traceConsts(t, `inline char c = 300;
BEGIN
{
	trace(sizeof("abc"));
	trace(sizeof(""));
	trace(sizeof $$1);
	trace(sizeof(NULL));
	trace(NULL);
	trace(sizeof(c));
	trace(c);
}
`)
	want := []int64{4, 1, 5, 4, 0, 4, 300}
	wantTypes := []string{"size_t", "size_t", "size_t", "size_t", "int", "size_t", "int"}
	for i := range want {
		if vals[i] != want[i] || typs[i] != wantTypes[i] {
			t.Errorf("trace #%d: %d (%s), want %d (%s)", i+1, vals[i], typs[i], want[i], wantTypes[i])
		}
	}
}

// Constants fold as DTrace folds them (dt_node_op1, dt_node_op2): in 64
// bits, with the result's type, truncated only by a cast (DTrace's cast
// rule) or by the negation of an unsigned constant, as values computed at
// run time are truncated only where they are stored or recorded.
func TestFoldingWidth(t *testing.T) {
	vals, typs := traceConsts(t, `BEGIN
{
	trace(((int)0x7fffffff + 1) / 2);
	trace((1 << 40) >> 38);
	trace(0x80000000 * 2);
	trace(~0U >> 1);
	trace(-1U);
	trace((char)200);
	trace((unsigned)(short)-1);
	trace((long)(short)-1);
	trace((int)(0x80000000 * 2));
	trace((unsigned long)(int)-1);
	trace(sizeof $$1);
}
`)
	want := []int64{0x40000000, 4, 0x100000000, 0x7fffffffffffffff, 0xffffffff, -56, 0xffffffff, -1, 0, -1, 5}
	wantTypes := []string{"int", "int", "unsigned int", "unsigned int", "unsigned int", "char", "unsigned int", "long", "int", "unsigned long", "size_t"}
	for i := range want {
		if vals[i] != want[i] || typs[i] != wantTypes[i] {
			t.Errorf("trace #%d: %#x (%s), want %#x (%s)", i+1, vals[i], typs[i], want[i], wantTypes[i])
		}
	}
}

// A macro argument that is an integer reads as the literal would: typed
// int, unsigned int, long... by its value and spelling, and a leading
// '-' negates it in that type (dt_lex.l's macro expansion through
// dt_node_int).
func TestMacroIntTypes(t *testing.T) {
	src := "BEGIN\n{\n\ttrace($1);\n\ttrace($2);\n\ttrace($3);\n\ttrace($4);\n}\n"
	p, err := dscript.New(dscript.Config{Args: []string{"t.d", "4294967296", "0xffffffff", "-5", "7"}}).Compile(dscript.Source{Kind: dscript.Script, Name: "t.d", Text: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		v int64
		t string
	}{{4294967296, "long"}, {0xffffffff, "unsigned int"}, {-5, "int"}, {7, "int"}}
	cl := p.File.Items[0].(*ast.Clause)
	for i, s := range cl.Body {
		arg := s.(*ast.ExprStmt).X.(*ast.Call).Args[0]
		if v, ok := p.Info.Consts[arg]; !ok || v != want[i].v || p.Info.Types[arg].String() != want[i].t {
			t.Errorf("$%d: %d (%s), want %d (%s)", i+1, v, p.Info.Types[arg], want[i].v, want[i].t)
		}
	}
}

// An enumerator without a value is the previous one plus one in C's int,
// as dt_decl_enumerator computes it: after INT_MAX it is INT_MIN, with
// no error, and a cast widens that value, not INT_MAX + 1.
func TestEnumImplicitWraps(t *testing.T) {
	vals, _ := traceConsts(t, `enum e { A = 2147483647, B, C };
BEGIN
{
	trace(B);
	trace((long)B);
	trace((long)C);
	trace(sizeof $$1);
}
`)
	want := []int64{-2147483648, -2147483648, -2147483647}
	for i := range want {
		if vals[i] != want[i] {
			t.Errorf("trace #%d: %d, want %d", i+1, vals[i], want[i])
		}
	}
}
