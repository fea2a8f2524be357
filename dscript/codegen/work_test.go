package codegen_test

import (
	"strings"
	"testing"
)

// Compiling nested if statements takes work linear in their number: each
// if is split where it records data, which was found by looking again at
// every if nested in it.
func TestIfWorkIsLinear(t *testing.T) {
	for _, src := range []func(n int) string{
		func(n int) string { return "BEGIN { " + strings.Repeat("if (arg0) ", n) + "trace(1); }" },
		func(n int) string {
			return "BEGIN { if (arg0) x = 1; " + strings.Repeat("else if (arg0) x = 2; ", n) + "else trace(3); }"
		},
	} {
		var works []int
		for _, n := range []int{1000, 4000} {
			prog, err := build(src(n))
			if err != nil {
				t.Fatal(err)
			}
			works = append(works, prog.Work())
		}
		if works[0] == 0 || works[1] > 5*works[0] {
			t.Errorf("%.30s...: work %d for 1,000 ifs, %d for 4,000: not linear", src(1), works[0], works[1])
		}
	}
}
