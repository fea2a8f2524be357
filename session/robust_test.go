package session

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/dscript"
	"github.com/dtrace-go/dtrace/sink/text"
)

// Programs the front end accepts must load: the code generator keeps
// within the verifier's limits where DTrace has none.

// TestManyStringComparisons runs predicates of many string comparisons
// (17 and more once left the verifier with more than its 8192 pending
// branches; 30 and more ran out of scratch space).
func TestManyStringComparisons(t *testing.T) {
	for _, n := range []int{17, 100, 300} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			var or, and []string
			for i := range n {
				or = append(or, fmt.Sprintf(`execname == "n%d"`, i))
				and = append(and, fmt.Sprintf(`execname != "n%d"`, i))
			}
			src := fmt.Sprintf("BEGIN /%s || execname != \"\"/ { printf(\"or\\n\"); }\n"+
				"BEGIN /%s/ { printf(\"and\\n\"); }\nBEGIN { exit(0); }\n",
				strings.Join(or, " || "), strings.Join(and, " && "))
			stdout, stderr, status, err := runD(t, src, nil)
			if err != nil || status != 0 || stdout != "or\nand\n\n" {
				t.Fatalf("got %q, stderr %q, status %d, err %v; want \"or\\nand\\n\"", stdout, stderr, status, err)
			}
		})
	}
}

// TestStringOrder checks the comparison's order on strings that differ
// within and past the first 8 bytes and end at different words, between
// variables (compared over strsize) and literals (over the literal's
// words).
func TestStringOrder(t *testing.T) {
	strs := []string{"", "a", "ab", "abc", "abcdefg", "abcdefgh", "abcdefghi", "abcdefgj", "b", "\xff", "abcdefghijklmnopq"}
	var b, want strings.Builder
	b.WriteString("BEGIN {\n")
	for i, x := range strs {
		fmt.Fprintf(&b, "\ts%d = \"%s\";\n", i, x)
	}
	for i, x := range strs {
		for j, y := range strs {
			fmt.Fprintf(&b, "\tprintf(\"%%d%%d%%d\", s%d < s%d, s%d == s%d, s%d > s%d);\n", i, j, i, j, i, j)
			fmt.Fprintf(&b, "\tprintf(\"%%d%%d%%d \", \"%s\" < s%d, s%d == \"%s\", \"%s\" > \"%s\");\n", x, j, i, y, x, y)
			r := fmt.Sprintf("%d%d%d", b2i(x < y), b2i(x == y), b2i(x > y))
			want.WriteString(r + r + " ")
		}
	}
	b.WriteString("\texit(0);\n}\n")
	want.WriteString("\n")
	stdout, stderr, _, err := runD(t, b.String(), nil)
	if err != nil || stdout != want.String() {
		t.Fatalf("got %q, stderr %q, err %v\nwant %q", stdout, stderr, err, want.String())
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestLongClause runs a clause of more BPF instructions than a jump's
// 16-bit offset spans: the jumps across it are long jumps.
func TestLongClause(t *testing.T) {
	var b strings.Builder
	b.WriteString("BEGIN {\n")
	for i := range 300 {
		fmt.Fprintf(&b, "\tif (execname == \"x%d\") { trace(%d); }\n", i, i)
	}
	b.WriteString("\tif (execname != \"\") { printf(\"last\\n\"); }\n\texit(0);\n}\n")
	stdout, stderr, status, err := runD(t, b.String(), nil)
	if err != nil || status != 0 || stdout != "last\n\n" {
		t.Fatalf("got %q, stderr %q, status %d, err %v", stdout, stderr, status, err)
	}
}

// TestManyAggregations runs a clause of more aggregations than a BPF
// program may reference maps: they share maps (codegen's aggpool.go), and
// each prints its own.
func TestManyAggregations(t *testing.T) {
	var b, want strings.Builder
	b.WriteString("BEGIN {\n")
	for i := range 70 {
		fmt.Fprintf(&b, "\t@a%d[%d] = sum(%d);\n\t@c%d = count();\n", i, i, 2*i, i)
	}
	b.WriteString("\texit(0);\n}\nEND {\n")
	for i := range 70 {
		fmt.Fprintf(&b, "\tprinta(\"a%d %%d %%@d\\n\", @a%d);\n\tprinta(\"c%d %%@d\\n\", @c%d);\n", i, i, i, i)
		fmt.Fprintf(&want, "a%d %d %d\nc%d 1\n", i, i, 2*i, i)
	}
	b.WriteString("\ttrunc(@a0); trunc(@c0); clear(@a1);\n}\n")
	stdout, stderr, _, err := runD(t, b.String(), nil)
	got, _, _ := strings.Cut(stdout, "\n\n")
	if err != nil || got+"\n" != want.String() {
		t.Fatalf("got %q, stderr %q, err %v\nwant %q", stdout, stderr, err, want.String())
	}
}

// TestManyMaps runs a clause of more self-> variables than a BPF program
// may reference maps: the kernel's reason is the one the API words as a
// limit (dtrace.LimitError).
func TestManyMaps(t *testing.T) {
	var b strings.Builder
	b.WriteString("BEGIN {\n")
	for i := range 70 {
		fmt.Fprintf(&b, "\tself->v%d = %d;\n", i, i+1)
	}
	b.WriteString("\texit(0);\n}\n")
	_, _, _, err := runD(t, b.String(), nil)
	var ve *bpf.VerifierError
	if !errors.As(err, &ve) || !strings.Contains(ve.Reason, "number of maps per program has reached the limit of 64") {
		t.Fatalf("err %v, want the verifier's limit of 64 maps", err)
	}
}

// TestManyClauses runs 256 clauses on one probe, more than the kernel
// allows subprograms in one program: the kernel's reason is the one the
// API words as a limit (dtrace.LimitError, "spread them over more
// probes").
func TestManyClauses(t *testing.T) {
	var b strings.Builder
	for i := range 256 {
		fmt.Fprintf(&b, "BEGIN { x%d = %d; }\n", i, i)
	}
	b.WriteString("BEGIN { exit(0); }\n")
	_, _, _, err := runD(t, b.String(), nil)
	var ve *bpf.VerifierError
	if !errors.As(err, &ve) || !strings.Contains(ve.Reason, "too many subprograms") {
		t.Fatalf("err %v, want the verifier's limit of subprograms", err)
	}
}

// TestCancelWhileLoading cancels a run while its programs load (the
// verifier may take seconds over a large program): Run returns at once,
// without tracing, and the loading ends on its own.
func TestCancelWhileLoading(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	release := make(chan struct{})
	defer func(f func()) { loading = f }(loading)
	loading = func() {
		cancel()
		<-release
	}
	defer close(release)
	requireBPF(t)
	reg, err := NewRegistry()
	if err != nil {
		t.Fatal(err)
	}
	p, err := dscript.New(dscript.Config{Args: []string{"test.d"}, Probes: Catalog(reg, nil)}).
		Compile(dscript.Source{Kind: dscript.Script, Name: "test.d", Text: []byte("BEGIN { printf(\"began\\n\"); exit(0); }\n")})
	if err != nil {
		t.Fatal(err)
	}
	var stdout bytes.Buffer
	cfg := &Config{Registry: reg, SwitchRate: 10 * time.Millisecond,
		Sink: text.New(&stdout, text.Config{Options: text.Options{Quiet: true}})}
	status, err := Run(ctx, cfg, []Unit{{Program: p, Kind: dscript.Script, Name: "test.d"}})
	if !errors.Is(err, context.Canceled) || status != 0 || stdout.Len() != 0 {
		t.Fatalf("status %d, err %v, output %q; want 0, the context's error and no output", status, err, stdout.String())
	}
}
