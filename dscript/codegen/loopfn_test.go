package codegen_test

import (
	"fmt"
	"strings"
	"testing"
)

// searches compiles a clause of n index(), rindex() and strstr() calls,
// with patterns constant and not.
func searches(t *testing.T, n int) (insns, shared int) {
	t.Helper()
	var b strings.Builder
	b.WriteString("BEGIN\n{\n\tthis->s = execname;\n\tthis->t = strjoin(execname, \"x\");\n")
	for i := range n {
		fmt.Fprintf(&b, "\ttrace(index(this->s, this->t));\n\ttrace(rindex(this->s, \"ab%d\"));\n\ttrace(strstr(this->s, this->t));\n", i)
	}
	b.WriteString("}\n")
	prog := compile(t, b.String())
	return len(prog.Clauses[0].Insns) + len(prog.Clauses[0].Funcs), len(prog.Clauses[0].Shared)
}

// Searches call loops the program holds once: a clause of ten times the
// calls holds no more of them, and grows by the calls' set-up alone.
func TestSearchLoopsShared(t *testing.T) {
	one, shared1 := searches(t, 1)
	ten, shared10 := searches(t, 10)
	if shared1 == 0 || shared10 != shared1 {
		t.Errorf("shared loops: %d for one set of searches, %d for ten", shared1, shared10)
	}
	if per := (ten - one) / 9; per > 3*150 {
		t.Errorf("each index(), rindex() and strstr() adds %d instructions, want at most 450", per)
	}
	t.Logf("%d instructions for one set of searches, %d for ten", one, ten)
}
