package check_test

import (
	"strings"
	"testing"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/check"
	"github.com/dtrace-go/dtrace/dscript/parse"
)

// sum is a clause that assigns the sum of n terms arg0.
func sum(n int) string { return "BEGIN { x = arg0" + strings.Repeat(" + arg0", n-1) + "; }" }

// statements is a clause of n trace() statements.
func statements(n int) string { return "BEGIN { " + strings.Repeat("trace(arg0); ", n) + "}" }

// parsed parses src for a new Checker.
func parsed(tb testing.TB, src string) (*check.Checker, *ast.File) {
	tb.Helper()
	c := check.New(check.Config{})
	f, err := parse.Parse("t.d", []byte(src), parse.Config{IsType: c.IsType})
	if err != nil {
		tb.Fatal(err)
	}
	return c, f
}

// work checks src and returns what the checker's passes did.
func work(t *testing.T, src string) int {
	t.Helper()
	c, f := parsed(t, src)
	if _, err := c.Check(f, true); err != nil {
		t.Fatal(err)
	}
	return c.Work()
}

// Checking takes work linear in the size of the program: in the terms of
// a sum, whose tree is as deep as it is long (the alloca analysis asked
// of every node whether it is an alloca pointer, walking the node's whole
// subtree to answer), and in a clause's statements (each was checked
// against all those before it).
func TestCheckWorkIsLinear(t *testing.T) {
	for _, c := range []struct {
		name string
		src  func(int) string
	}{
		{"sum", sum},
		{"statements", statements},
	} {
		w1, w4 := work(t, c.src(10000)), work(t, c.src(40000))
		if w1 == 0 || w4 > 5*w1 {
			t.Errorf("%s: work %d at 10,000, %d at 40,000: not linear", c.name, w1, w4)
		}
	}
	if testing.Short() {
		return
	}
	// A sum of 100,000 terms, as deep: no more than a few steps per term.
	if w := work(t, sum(100000)); w > 5*100000 {
		t.Errorf("work %d for 100,000 terms", w)
	}
}

// BenchmarkCheckSum checks a sum of 20,000 terms (parsed outside the
// timing).
func BenchmarkCheckSum(b *testing.B) {
	src := sum(20000)
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		c, f := parsed(b, src)
		b.StartTimer()
		if _, err := c.Check(f, true); err != nil {
			b.Fatal(err)
		}
	}
}
