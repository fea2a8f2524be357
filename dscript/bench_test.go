package dscript

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dtrace-go/dtrace/dscript/parse"
)

// bigScript returns a realistic D script of about n lines: declarations,
// clauses with predicates, thread-local timing, aggregations, printf and
// string functions.
func bigScript(n int) []byte {
	var b strings.Builder
	b.WriteString("#pragma D option quiet\n\nstruct req { int id; long start; char name[32]; };\nstruct req reqs[64];\n\n")
	for i := 0; strings.Count(b.String(), "\n") < n; i++ {
		fmt.Fprintf(&b, `syscall::read%d:entry, syscall::pread%d:entry
/pid != $pid && execname != "dtrace" && (arg2 > %d || arg0 == %d)/
{
	self->ts%d = timestamp;
	self->fd%d = arg0;
	this->sz = (long)arg2 * 2 + %d;
	counts%d[execname, (int)arg0] = this->sz > 4096 ? 1 : 0;
	reqs[%d].id = %d;
}

syscall::read%d:return
/self->ts%d != 0/
{
	this->delta = timestamp - self->ts%d;
	@lat%d[execname, probefunc] = quantize(this->delta);
	@bytes%d[execname] = sum(arg0 > 0 ? arg0 : 0);
	@sizes%d = lquantize(arg0, 0, 65536, 4096);
	printf("%%-16s %%6d %%12d %%s\n", execname, pid, this->delta, strjoin(probefunc, "!"));
	self->ts%d = 0;
	self->fd%d = 0;
}

`, i, i, i, i, i, i, i, i, i%64, i, i, i, i, i, i, i, i, i)
	}
	return []byte(b.String())
}

func BenchmarkCompile2000Lines(b *testing.B) {
	src := bigScript(2000)
	b.SetBytes(int64(len(src)))
	for i := 0; i < b.N; i++ {
		c := New(Config{Args: []string{"big.d"}})
		if _, err := c.Compile(Source{Kind: Script, Name: "big.d", Text: src}); err != nil {
			b.Fatal(err)
		}
	}
}

func TestBigScriptCompiles(t *testing.T) {
	src := bigScript(2000)
	c := New(Config{Args: []string{"big.d"}})
	if _, err := c.Compile(Source{Kind: Script, Name: "big.d", Text: src}); err != nil {
		t.Fatal(err)
	}
}

func FuzzCheck(f *testing.F) {
	for _, dir := range []string{"testdata/valid", "testdata/invalid"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.d"))
		for _, p := range files {
			if src, err := os.ReadFile(p); err == nil {
				f.Add(src)
			}
		}
	}
	f.Add([]byte("BEGIN { x = 1; y = x + 1; @[x] = count(); printa(@); exit(0); }"))
	// Nesting as deep as the parser takes, for the checker, and deeper.
	n := parse.MaxNesting - 20
	for _, s := range []string{
		"BEGIN { x = " + strings.Repeat("!", n) + "arg0; }",
		"BEGIN { x = " + strings.Repeat("(int)", n) + "-arg0; }",
		"BEGIN /" + strings.Repeat("arg0 ? ", n/2) + "1" + strings.Repeat(" : 0", n/2) + "/ { trace(1); }",
		"BEGIN { " + strings.Repeat("if (arg0) ", n/2) + "self->x = (char *)alloca(1) + 1; }",
		"BEGIN { x = " + strings.Repeat("~", n+40) + "arg0; }",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		c := New(Config{Args: []string{"fuzz.d", "1", "two"}})
		c.Compile(Source{Kind: Script, Name: "fuzz.d", Text: src})
		c.Compile(Source{Kind: Name, Name: "spec", Text: src})
	})
}
