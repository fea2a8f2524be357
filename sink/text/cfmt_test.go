package text

import (
	"encoding/json"
	"math"
	"os"
	"strconv"
	"testing"
)

// TestCprintfGlibc checks cprintf against glibc's printf(3): the golden
// file holds formats, argument types and values, and what glibc printed
// for them (in the C locale). It was produced by compiling a C program of
// printf() calls (random flag/width/precision combinations of every
// conversion and length, plus corner cases) with gcc and running it.
func TestCprintfGlibc(t *testing.T) {
	data, err := os.ReadFile("testdata/cprintf.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		F    string `json:"f"`
		T    string `json:"t"`
		V    string `json:"v"`
		Want string `json:"want"`
	}
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		var arg any
		switch c.T {
		case "str":
			arg = c.V
		case "dbl":
			f, err := strconv.ParseFloat(c.V, 64)
			if err != nil {
				t.Fatalf("%q: %v", c.V, err)
			}
			if c.V == "-0.0" {
				f = math.Copysign(0, -1)
			}
			arg = f
		default:
			n, err := strconv.ParseInt(c.V, 10, 64)
			if err != nil {
				u, err2 := strconv.ParseUint(c.V, 10, 64)
				if err2 != nil {
					t.Fatalf("%q: %v", c.V, err)
				}
				n = int64(u)
			}
			arg = n
		}
		if got := cprintf(c.F, arg); got != c.Want {
			t.Errorf("cprintf(%q, %s %s) = %q, want %q", c.F, c.T, c.V, got, c.Want)
		}
	}
}
