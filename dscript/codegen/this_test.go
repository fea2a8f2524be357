package codegen_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/dscript"
	"github.com/dtrace-go/dtrace/dscript/codegen"
)

// buildOpts is build with code generation options.
func buildOpts(src string, opts codegen.Options) (*codegen.Program, error) {
	p, err := dscript.New(dscript.Config{Args: []string{"test.d"}, Probes: dtraceCatalog{}, ZeroProbes: true}).Compile(dscript.Source{Kind: dscript.Script, Name: "test.d", Text: []byte(src)})
	if err != nil {
		return nil, fmt.Errorf("check test.d: %w", err)
	}
	return codegen.Compile([]codegen.Unit{{File: p.File, Info: p.Info}}, opts)
}

// Clause-local variables take the room of the clauses one probe runs, not
// the program's: forty clauses on forty probes, each with eight strings,
// fit where eight strings in all filled the region.
func TestThisVariablesBelongToTheirClauses(t *testing.T) {
	var b strings.Builder
	for i := range 40 {
		fmt.Fprintf(&b, "syscall::f%d:entry\n{\n", i)
		for j := range 8 {
			fmt.Fprintf(&b, "\tthis->s%d_%d = execname;\n", i, j)
		}
		b.WriteString("}\n")
	}
	prog := compile(t, b.String())
	one := compile(t, "syscall::f0:entry\n{\n\tthis->s0 = execname; this->s1 = execname; this->s2 = execname; this->s3 = execname;\n"+
		"\tthis->s4 = execname; this->s5 = execname; this->s6 = execname; this->s7 = execname;\n}\n")
	if prog.ScratchSize != one.ScratchSize {
		t.Errorf("scratch of 40 clauses on 40 probes: %d bytes, of one: %d", prog.ScratchSize, one.ScratchSize)
	}
}

// A string this-> variable fits with strsize 2048 (the region was 2048
// bytes whatever the program).
func TestThisStringOfLargeStrsize(t *testing.T) {
	if _, err := buildOpts("BEGIN\n{\n\tthis->s = execname;\n\ttrace(this->s);\n}\n", codegen.Options{StrSize: 2048}); err != nil {
		t.Fatal(err)
	}
}

// thisStore returns the offset from R9 of the store a "this->x = N;"
// statement on line of clause i ends with.
func thisStore(t *testing.T, prog *codegen.Program, i, line int) int16 {
	t.Helper()
	st := stmtOf(t, prog.Clauses[i].Insns, line)
	last := st[len(st)-1]
	if last.OpCode.Class() != asm.StXClass && last.OpCode.Class() != asm.StClass || last.Dst != asm.R9 {
		t.Fatalf("line %d ends with %v, want a store into r9", line, last)
	}
	return last.Offset
}

// Variables of clauses that may run in one firing have places of their
// own; those of clauses on probes that cannot meet share; ERROR's clauses
// run within any firing and share with none.
func TestThisVariablesPlaces(t *testing.T) {
	prog := compile(t, `syscall::read:entry
{
	this->a = 1;
}
syscall::read:entry
{
	this->b = 2;
	this->a = 3;
}
syscall::write:entry
{
	this->c = 4;
}
syscall::*:entry
{
	this->e = 6;
}
dtrace:::ERROR
{
	this->d = 5;
}
`)
	a, a2 := thisStore(t, prog, 0, 3), thisStore(t, prog, 1, 8)
	b, c, e, d := thisStore(t, prog, 1, 7), thisStore(t, prog, 2, 12), thisStore(t, prog, 3, 16), thisStore(t, prog, 4, 20)
	if a != a2 {
		t.Errorf("this->a at %d in one clause, %d in the next on the probe", a, a2)
	}
	if a == b {
		t.Errorf("this->a and this->b, used on one probe, share offset %d", a)
	}
	if c != a {
		t.Errorf("this->c (write:entry) at %d, want the offset of this->a (read:entry), %d", c, a)
	}
	for _, o := range []int16{a, b, c} {
		if e == o || d == o {
			t.Errorf("this->e (%d) or this->d (%d) shares the offset %d of a variable of a probe they meet", e, d, o)
		}
	}
	if d == e {
		t.Errorf("this->d (ERROR) shares this->e's offset %d", e)
	}
}
