package parse

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/diag"
)

func mustParse(t *testing.T, src string, cfg Config) *ast.File {
	t.Helper()
	if cfg.IsType == nil {
		cfg.IsType = testTypes
	}
	f, err := Parse("test.d", []byte(src), cfg)
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	return f
}

// body parses "BEGIN { src }" and returns the S-expressions of the body's
// statements, space-separated.
func body(t *testing.T, src string) string {
	t.Helper()
	f := mustParse(t, "BEGIN { "+src+" }", Config{})
	cl := f.Items[len(f.Items)-1].(*ast.Clause)
	var parts []string
	for _, s := range cl.Body {
		parts = append(parts, ast.Sexpr(s))
	}
	return strings.Join(parts, " ")
}

func TestExpressions(t *testing.T) {
	tests := []struct{ src, want string }{
		{"x = 1", "(= x 1)"},
		{"a + b * c", "(+ a (* b c))"},
		{"printf(\"%d\\n\", x)", `(call printf "%d\n" x)`},
		{"trace()", "(call trace)"},
		{"a[x, y]", "(index a x y)"},
		{"p->f", "(-> p f)"},
		{"s.f", "(. s f)"},
		{"c ? t : f", "(?: c t f)"},
		{"(int *)x", "(cast (type int *) x)"},
		{"(struct task_struct *)curthread", "(cast (type struct task_struct *) curthread)"},
		{"(unsigned long long)x", "(cast (type unsigned long long) x)"},
		{"(string)x", "(cast (type string) x)"},
		{"(uint64_t)x", "(cast (type uint64_t) x)"},
		{"(const char *)x", "(cast (type const char *) x)"},
		{"(char **)x", "(cast (type char * *) x)"},
		{"(int (*)(int))x", "(cast (type int (params (type int)) *) x)"},
		{"(int *[4])x", "(cast (type int * [4]) x)"},
		{"self->x", "(self x)"},
		{"this->x", "(this x)"},
		{"self->x->y", "(-> (self x) y)"},
		{"@a[k] = count()", "(= (@a k) (call count))"},
		{"@a[k1, k2] = sum(v)", "(= (@a k1 k2) (call sum v))"},
		{"@ = count()", "(= @ (call count))"},
		{"@a = count()", "(= @a (call count))"},
		{"x++", "(postinc x)"},
		{"x--", "(postdec x)"},
		{"++x", "(preinc x)"},
		{"--x", "(predec x)"},
		{"-x", "(- x)"},
		{"+x", "(+ x)"},
		{"!x", "(! x)"},
		{"~x", "(~ x)"},
		{"*p", "(* p)"},
		{"&x", "(& x)"},
		{"*p++", "(* (postinc p))"},
		{"-a[1]", "(- (index a 1))"},
		{"sizeof(int)", "(sizeof (type int))"},
		{"sizeof(struct foo)", "(sizeof (type struct foo))"},
		{"sizeof x", "(sizeof x)"},
		{"sizeof(x)", "(sizeof (paren x))"},
		{"sizeof x + 1", "(+ (sizeof x) 1)"},
		{"offsetof(struct foo, bar)", "(offsetof (type struct foo) bar)"},
		{"stringof x", "(stringof x)"},
		{"stringof(x)", "(stringof (paren x))"},
		{"xlate<struct psinfo *>(curthread)", "(xlate (type struct psinfo *) curthread)"},
		{"xlate<pid_t>(curthread).pr_fname", "(. (xlate (type pid_t) curthread) pr_fname)"},
		{"`max_pfn", "`max_pfn"},
		{"vmlinux`jiffies", "vmlinux`jiffies"},
		{"(struct vmlinux`task_struct *)x", "(cast (type struct vmlinux`task_struct *) x)"},
		{"$1", "$1"},
		{"$$1", "$$1"},
		{"$0 + $target + $pid + $ppid + $pgid + $sid + $uid + $gid + $euid + $egid + $foo",
			"(+ (+ (+ (+ (+ (+ (+ (+ (+ (+ $0 $target) $pid) $ppid) $pgid) $sid) $uid) $gid) $euid) $egid) $foo)"},
		{"x = 0x1fUL + 017 + 10ull + 5LLU + 3lu + 7Ul + 2l + 1u", "(= x (+ (+ (+ (+ (+ (+ (+ 0x1fUL 017) 10ull) 5LLU) 3lu) 7Ul) 2l) 1u))"},
		{"c = 'a'", "(= c 'a')"},
		{"s = \"a\\tb\"", `(= s "a\tb")`},
		{"x = a, b", "(, (= x a) b)"},
		{"f(a, (b, c))", "(call f a (paren (, b c)))"},
		{"x = y = z", "(= x (= y z))"},
		{"x += 1", "(+= x 1)"},
		{"x -= 1; x *= 1; x /= 1; x %= 1; x <<= 1; x >>= 1; x &= 1; x ^= 1; x |= 1",
			"(-= x 1) (*= x 1) (/= x 1) (%= x 1) (<<= x 1) (>>= x 1) (&= x 1) (^= x 1) (|= x 1)"},
		{"a ? b : c ? d : e", "(?: a b (?: c d e))"},
		{"a ? b, c : d", "(?: a (, b c) d)"},
		{"x = a ? b : c", "(= x (?: a b c))"},
		{"args[0]->f_path.dentry", "(. (-> (index args 0) f_path) dentry)"},
		{"curthread->real_parent->pid", "(-> (-> curthread real_parent) pid)"},
		{"x.self + y->this + z->string", "(+ (+ (. x self) (-> y this)) (-> z string))"},
		{"(-x)", "(paren (- x))"},
		{"-(int)x", "(- (cast (type int) x))"},
		{"(int)(char)x", "(cast (type int) (cast (type char) x))"},
		{"(int)x + 1", "(+ (cast (type int) x) 1)"},
		{"(x) + 1", "(+ (paren x) 1)"},
		{"(x)(1)", "(call x 1)"},
		{"a.b[1].c", "(. (index (. a b) 1) c)"},
		{"x = (a)", "(= x (paren a))"},
		{"*p = 1", "(= (* p) 1)"},
		{"(x) = 1", "(= (paren x) 1)"},
		{"a[1] = b[2][3]", "(= (index a 1) (index (index b 2) 3))"},
	}
	for _, tt := range tests {
		if got := body(t, tt.src); got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

// TestPrecedence checks every binary operator against the next looser and
// tighter levels, and associativity within each level.
func TestPrecedence(t *testing.T) {
	levels := [][]string{
		{"*", "/", "%"},
		{"+", "-"},
		{"<<", ">>"},
		{"<", ">", "<=", ">="},
		{"==", "!="},
		{"&"},
		{"^"},
		{"|"},
		{"&&"},
		{"^^"},
		{"||"},
	}
	for i, level := range levels {
		for _, op := range level {
			// Left associativity within the level.
			for _, op2 := range level {
				src := "x = a " + op + " b " + op2 + " c"
				want := "(= x (" + op2 + " (" + op + " a b) c))"
				if got := body(t, src); got != want {
					t.Errorf("%s: got %s want %s", src, got, want)
				}
			}
			if i+1 < len(levels) {
				for _, loose := range levels[i+1] {
					src := "x = a " + loose + " b " + op + " c"
					want := "(= x (" + loose + " a (" + op + " b c)))"
					if got := body(t, src); got != want {
						t.Errorf("%s: got %s want %s", src, got, want)
					}
					src = "x = a " + op + " b " + loose + " c"
					want = "(= x (" + loose + " (" + op + " a b) c))"
					if got := body(t, src); got != want {
						t.Errorf("%s: got %s want %s", src, got, want)
					}
				}
			}
			// Unary binds tighter, ?: and = looser.
			src := "x = -a " + op + " !b"
			want := "(= x (" + op + " (- a) (! b)))"
			if got := body(t, src); got != want {
				t.Errorf("%s: got %s want %s", src, got, want)
			}
			src = "x = c ? a " + op + " b : d " + op + " e"
			want = "(= x (?: c (" + op + " a b) (" + op + " d e)))"
			if got := body(t, src); got != want {
				t.Errorf("%s: got %s want %s", src, got, want)
			}
			src = "x = (int)a " + op + " b"
			want = "(= x (" + op + " (cast (type int) a) b))"
			if got := body(t, src); got != want {
				t.Errorf("%s: got %s want %s", src, got, want)
			}
		}
	}
}

func TestStatements(t *testing.T) {
	tests := []struct{ src, want string }{
		{"BEGIN {}", "(file (clause (probes BEGIN) (body)))"},
		{"BEGIN { }", "(file (clause (probes BEGIN) (body)))"},
		{"BEGIN { ; ; }", "(file (clause (probes BEGIN) (body)))"},
		{"BEGIN { a; b }", "(file (clause (probes BEGIN) (body a b)))"},
		{"BEGIN { a; b; }", "(file (clause (probes BEGIN) (body a b)))"},
		{"BEGIN { a;; b }", "(file (clause (probes BEGIN) (body a b)))"},
		{"BEGIN { if (x) a; }", "(file (clause (probes BEGIN) (body (if x a))))"},
		{"BEGIN { if (x) a; else b; }", "(file (clause (probes BEGIN) (body (if x a b))))"},
		{"BEGIN { if (x) { a } else { b; c } }", "(file (clause (probes BEGIN) (body (if x (block a) (block b c)))))"},
		{"BEGIN { if (x) if (y) a; else b; }", "(file (clause (probes BEGIN) (body (if x (if y a b)))))"},
		{"BEGIN { if (x) { a } else if (y) { b } d }", "(file (clause (probes BEGIN) (body (if x (block a) (if y (block b))) d)))"},
		{"BEGIN { { a; { b } } }", "(file (clause (probes BEGIN) (body (block a (block b)))))"},
		{"BEGIN", "(file (clause (probes BEGIN) nobody))"},
		{"BEGIN\n", "(file (clause (probes BEGIN) nobody))"},
		{"syscall::read:entry /pid == 1/", "(file (clause (probes syscall::read:entry) (pred (== pid 1)) nobody))"},
		{"BEGIN /x/ {}", "(file (clause (probes BEGIN) (pred x) (body)))"},
		{"BEGIN /x/{}", "(file (clause (probes BEGIN) (pred x) (body)))"},
		{"BEGIN/x/{}", "(file (clause (probes BEGIN) (pred x) (body)))"},
		{"BEGIN /a / b/ {}", "(file (clause (probes BEGIN) (pred (/ a b)) (body)))"},
		{"BEGIN /a /* c */ / b/ {}", "(file (clause (probes BEGIN) (pred (/ a b)) (body)))"},
		{"BEGIN /a/ /* c */ {}", "(file (clause (probes BEGIN) (pred a) (body)))"},
		{"BEGIN /(a)/ {}", "(file (clause (probes BEGIN) (pred (paren a)) (body)))"},
		{"BEGIN, END { x }", "(file (clause (probes BEGIN END) (body x)))"},
		{"BEGIN {} END {}", "(file (clause (probes BEGIN) (body)) (clause (probes END) (body)))"},
		{"BEGIN END {}", "(file (clause (probes BEGIN) nobody) (clause (probes END) (body)))"},
		{"BEGIN { x = 1 }\nint y;\nEND { y = 2 }",
			"(file (clause (probes BEGIN) (body (= x 1))) (declare int (y)) (clause (probes END) (body (= y 2))))"},
	}
	for _, tt := range tests {
		if got := ast.SexprFile(mustParse(t, tt.src, Config{})); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

func TestDeclarations(t *testing.T) {
	tests := []struct{ src, want string }{
		{"int x;", "(file (declare int (x)))"},
		{"int x, *y, z[4];", "(file (declare int (x) (y *) (z [4])))"},
		{"self int t;", "(file (declare self int (t)))"},
		{"this string s;", "(file (declare this string (s)))"},
		{"int a[5];", "(file (declare int (a [5])))"},
		{"int a[string, int];", "(file (declare int (a [(type string) (type int)])))"},
		{"int a[];", "(file (declare int (a [])))"},
		{"int *a[5];", "(file (declare int (a * [5])))"},
		{"int (*a)[5];", "(file (declare int (a [5] *)))"},
		{"int a[2][3];", "(file (declare int (a [3] [2])))"},
		{"static int x;", "(file (declare static int (x)))"},
		{"extern int x;", "(file (declare extern int (x)))"},
		{"register int x;", "(file (declare register int (x)))"},
		{"auto int x;", "(file (declare auto int (x)))"},
		{"const volatile int x;", "(file (declare const volatile int (x)))"},
		{"char *const restrict p;", "(file (declare char (p constrestrict*)))"},
		{"unsigned long long x;", "(file (declare unsigned long long (x)))"},
		{"typedef int foo_t;", "(file (declare typedef int (foo_t)))"},
		{"struct s { int a; char *b; int c : 3, : 2; };",
			"(file (declare (struct s (int (a)) (char (b *)) (int (c : 3) (_ : 2)))))"},
		{"union u { int a; long b; } x;", "(file (declare (union u (int (a)) (long (b))) (x)))"},
		{"struct s x;", "(file (declare struct s (x)))"},
		{"struct vmlinux`task_struct *t;", "(file (declare struct vmlinux`task_struct (t *)))"},
		{"enum e { A, B = 2, C };", "(file (declare (enum e A (B 2) C)))"},
		{"enum e x;", "(file (declare enum e (x)))"},
		{"inline int LIMIT = 10 * 2;", "(file (inline int (LIMIT) (* 10 2)))"},
		{"inline string NAME = \"x\";", "(file (inline string (NAME) \"x\"))"},
		{"translator struct out < struct in *p > { a = p->a; b = 1; };",
			"(file (translator (type struct out) (type struct in *) p (a (-> p a)) (b 1)))"},
		{"translator struct out < int x > { };", "(file (translator (type struct out) (type int) x))"},
		{"provider p { probe x(int, char *); probe y(); probe z(int) : (int); };",
			"(file (provider p (probe x (params (type int) (type char *))) (probe y (params)) (probe z (params (type int)) : (params (type int)))))"},
		{"provider p { };", "(file (provider p))"},
		{"int f(void);", "(file (declare int (f (params void))))"},
		{"int f(int a, char *b, ...);", "(file (declare int (f (params (type int a:) (type char b: *) ...))))"},
		{"int (*fp)(int);", "(file (declare int (fp (params (type int)) *)))"},
		{"void (*signal(int, void (*)(int)))(int);",
			"(file (declare void (signal (params (type int)) * (params (type int) (type void (params (type int)) *)))))"},
		{"struct s;", "(file (declare struct s))"},
	}
	for _, tt := range tests {
		if got := ast.SexprFile(mustParse(t, tt.src, Config{})); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

func TestTypedefNames(t *testing.T) {
	tests := []struct{ src, want string }{
		// A typedef name is a type everywhere after its declaration.
		{"typedef int foo_t; foo_t x; BEGIN { y = (foo_t)1; z = sizeof(foo_t); }",
			"(file (declare typedef int (foo_t)) (declare foo_t (x)) (clause (probes BEGIN) (body (= y (cast (type foo_t) 1)) (= z (sizeof (type foo_t))))))"},
		// At the start of a line right after the typedef.
		{"typedef int foo_t;\nfoo_t*p;", "(file (declare typedef int (foo_t)) (declare foo_t (p *)))"},
		{"typedef struct { int a; } s_t; s_t *p; BEGIN { x = ((s_t *)p)->a; }",
			"(file (declare typedef (struct (int (a))) (s_t)) (declare s_t (p *)) (clause (probes BEGIN) (body (= x (-> (paren (cast (type s_t *) p)) a)))))"},
		{"typedef int (*fp_t)(int); fp_t f;", "(file (declare typedef int (fp_t (params (type int)) *)) (declare fp_t (f)))"},
		{"typedef int a_t, *b_t; b_t x; a_t y;",
			"(file (declare typedef int (a_t) (b_t *)) (declare b_t (x)) (declare a_t (y)))"},
		// A member, a field or a variable may bear a typedef's name.
		{"typedef int foo_t; BEGIN { x.foo_t = self->foo_t + this->foo_t + p->foo_t; }",
			"(file (declare typedef int (foo_t)) (clause (probes BEGIN) (body (= (. x foo_t) (+ (+ (self foo_t) (this foo_t)) (-> p foo_t))))))"},
		{"typedef int foo; struct s { foo foo; };",
			"(file (declare typedef int (foo)) (declare (struct s (foo (foo)))))"},
		{"typedef int foo_t; typedef int foo_t;", "(file (declare typedef int (foo_t)) (declare typedef int (foo_t)))"},
		// A typedef makes a name a type even where it was a member before.
		{"struct s { int len; }; typedef int len; BEGIN { x = (len)1; }",
			"(file (declare (struct s (int (len)))) (declare typedef int (len)) (clause (probes BEGIN) (body (= x (cast (type len) 1)))))"},
		{"typedef int foo_t; int f(foo_t, foo_t *);",
			"(file (declare typedef int (foo_t)) (declare int (f (params (type foo_t) (type foo_t *)))))"},
		{"typedef int foo_t; int a[string, foo_t];",
			"(file (declare typedef int (foo_t)) (declare int (a [(type string) (type foo_t)])))"},
		{"typedef int foo_t; translator foo_t < foo_t *p > { x = 1; };",
			"(file (declare typedef int (foo_t)) (translator (type foo_t) (type foo_t *) p (x 1)))"},
		{"typedef int foo_t; BEGIN { xlate<foo_t>(x); offsetof(foo_t, a) }",
			"(file (declare typedef int (foo_t)) (clause (probes BEGIN) (body (xlate (type foo_t) x) (offsetof (type foo_t) a))))"},
		// Caller-known types.
		{"BEGIN { x = (uint64_t)arg0; }", "(file (clause (probes BEGIN) (body (= x (cast (type uint64_t) arg0)))))"},
		{"uint64_t x;", "(file (declare uint64_t (x)))"},
		{"uint64_t*x;", "(file (declare uint64_t (x *)))"},
		{"int*x;", "(file (declare int (x *)))"},
		{"unsigned*x;", "(file (declare unsigned (x *)))"},
		// A name followed by = [ ; ++ -- is a variable even if it names a type.
		{"BEGIN { uint64_t = 1; }", "(file (clause (probes BEGIN) (body (= uint64_t 1))))"},
		// The typedef is known before the token that follows its ';'.
		{"typedef int t;t x;", "(file (declare typedef int (t)) (declare t (x)))"},
	}
	for _, tt := range tests {
		if got := ast.SexprFile(mustParse(t, tt.src, Config{})); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

func TestProbeDescriptions(t *testing.T) {
	tests := []struct {
		src                 string
		spec                SpecField
		prov, mod, fn, name string
		count               int
	}{
		{"BEGIN", SpecName, "", "", "", "BEGIN", 1},
		{"entry", SpecName, "", "", "", "entry", 1},
		{"read:entry", SpecName, "", "", "read", "entry", 2},
		{"vmlinux:read:entry", SpecName, "", "vmlinux", "read", "entry", 3},
		{"syscall::read:entry", SpecName, "syscall", "", "read", "entry", 4},
		{"profile-997", SpecName, "", "", "", "profile-997", 1},
		{"tick-1sec", SpecName, "", "", "", "tick-1sec", 1},
		{"sched:::on-cpu", SpecName, "sched", "", "", "on-cpu", 4},
		{"fbt:vmlinux:vfs_*:entry", SpecName, "fbt", "vmlinux", "vfs_*", "entry", 4},
		{"syscall::[rw]rite:entry", SpecName, "syscall", "", "[rw]rite", "entry", 4},
		{"syscall::rea?:entry", SpecName, "syscall", "", "rea?", "entry", 4},
		{"syscall::re\\ad:entry", SpecName, "syscall", "", "re\\ad", "entry", 4},
		{"proc:::exec-success", SpecName, "proc", "", "", "exec-success", 4},
		{"pid$target:a.out:main:entry", SpecName, "pid$target", "a.out", "main", "entry", 4},
		{"pid1234:libc.so.6:malloc:entry", SpecName, "pid1234", "libc.so.6", "malloc", "entry", 4},
		{"node$1:::gc-start", SpecName, "node$1", "", "", "gc-start", 4},
		{"syscall::$1:entry", SpecName, "syscall", "", "$1", "entry", 4},
		{":::", SpecName, "", "", "", "", 4},
		{"*", SpecName, "", "", "", "*", 1},
		{"read", SpecFunc, "", "", "read", "", 1},
		{"vmlinux:read", SpecFunc, "", "vmlinux", "read", "", 2},
		{"fbt:vmlinux:read", SpecFunc, "fbt", "vmlinux", "read", "", 3},
		{"vmlinux", SpecModule, "", "vmlinux", "", "", 1},
		{"fbt:vmlinux", SpecModule, "fbt", "vmlinux", "", "", 2},
		{"syscall", SpecProvider, "syscall", "", "", "", 1},
	}
	for _, tt := range tests {
		f := mustParse(t, tt.src+" {}", Config{Spec: tt.spec})
		pd := f.Items[0].(*ast.Clause).Probes[0]
		if pd.Text != tt.src || pd.Provider != tt.prov || pd.Module != tt.mod || pd.Func != tt.fn ||
			pd.Name != tt.name || pd.Count != tt.count {
			t.Errorf("%q (spec %d): got %+v", tt.src, tt.spec, *pd)
		}
	}
	// Too many fields for the spec.
	for _, tt := range []struct {
		src  string
		spec SpecField
	}{{"a:b", SpecProvider}, {"a:b:c", SpecModule}, {"a:b:c:d", SpecFunc}, {"a:b:c:d:e", SpecName}} {
		_, err := Parse("t", []byte(tt.src), Config{Spec: tt.spec})
		want := "line 1: invalid probe description \"" + tt.src + "\": Overspecified probe description"
		if err == nil || err.Error() != want || err.(*diag.Error).Tag != diag.D_PDESC_INVAL {
			t.Errorf("%q: got %v, want %s", tt.src, err, want)
		}
	}
	// A probe ID.
	f := mustParse(t, "1234 {}", Config{})
	if pd := f.Items[0].(*ast.Clause).Probes[0]; pd.Text != "1234" || pd.Count != 0 || pd.ID != 1234 {
		t.Errorf("probe id: got %+v", *pd)
	}
	f = mustParse(t, "0x1f, 017 {}", Config{})
	if ps := f.Items[0].(*ast.Clause).Probes; ps[0].ID != 31 || ps[1].ID != 15 || ps[0].IDErr {
		t.Errorf("probe ids 0x1f, 017: got %+v %+v", *ps[0], *ps[1])
	}
	// Only in the name context (dt_node_pdesc_by_id).
	for spec, name := range map[SpecField]string{SpecFunc: "function", SpecModule: "module", SpecProvider: "provider"} {
		_, err := Parse("t", []byte("12"), Config{Spec: spec})
		want := "line 1: probe identifier 12 not permitted when specifying " + name
		if err == nil || err.Error() != want {
			t.Errorf("12 as %s: got %v, want %s", name, err, want)
		}
	}
}

func TestPragmasAndLines(t *testing.T) {
	src := "#!/usr/sbin/dtrace -qs\n" +
		"#pragma D option quiet\n" +
		"#pragma D option bufsize=4m\n" +
		"  #pragma D depends_on module vmlinux\n" +
		"#pragma D attributes Evolving/Evolving/Common provider io\n" +
		"#pragma error \"oops\"\n" +
		"#pragma ident \"@(#)x.d\"\n" +
		"#pragma foo bar\n" +
		"#ident \"ignored\"\n" +
		"BEGIN\n" +
		"{\n" +
		"#pragma D option flowindent\n" +
		"\tx = 1;\n" +
		"}\n" +
		"# 100 \"foo.d\"\n" +
		"END { y }\n" +
		"#line 200\n" +
		"ERROR { z }\n" +
		"# 7\n" +
		"tick-1s\n{\n}\n"
	f := mustParse(t, src, Config{})
	if f.Interpreter != "/usr/sbin/dtrace -qs" {
		t.Errorf("interpreter %q", f.Interpreter)
	}
	want := "(file (interp \"/usr/sbin/dtrace -qs\") (pragma D option quiet) (pragma D option bufsize=4m) " +
		"(pragma D depends_on module vmlinux) (pragma D attributes Evolving/Evolving/Common provider io) " +
		"(pragma error \"oops\") (pragma ident \"@(#)x.d\") (pragma foo bar) (pragma D option flowindent) " +
		"(clause (probes BEGIN) (body (= x 1))) (clause (probes END) (body y)) (clause (probes ERROR) (body z)) " +
		"(clause (probes tick-1s) (body)))"
	if got := ast.SexprFile(f); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	pos := func(i int) ast.Pos { return f.Items[i].Pos() }
	checks := []struct {
		i    int
		want ast.Pos
	}{
		{0, ast.Pos{Line: 2, Col: 1}},
		{2, ast.Pos{Line: 4, Col: 3}},
		{7, ast.Pos{Line: 12, Col: 1}},
		{8, ast.Pos{Line: 10, Col: 1}},
		{9, ast.Pos{File: "foo.d", Line: 100, Col: 1}},
		// DTrace numbers the line after "#line N" N+1.
		{10, ast.Pos{File: "foo.d", Line: 201, Col: 1}},
		{11, ast.Pos{File: "foo.d", Line: 7, Col: 1}},
	}
	for _, c := range checks {
		if got := pos(c.i); got != c.want {
			t.Errorf("item %d (%s) at %v, want %v", c.i, ast.Sexpr(f.Items[c.i]), got, c.want)
		}
	}
	// Positions inside expressions.
	f = mustParse(t, "BEGIN\n{\n\tx = a +\n\t    b;\n}\n", Config{})
	as := f.Items[0].(*ast.Clause).Body[0].(*ast.ExprStmt).X.(*ast.Assign)
	if as.Pos() != (ast.Pos{Line: 3, Col: 2}) || as.Y.(*ast.Binary).Y.Pos() != (ast.Pos{Line: 4, Col: 6}) {
		t.Errorf("positions: %v %v", as.Pos(), as.Y.(*ast.Binary).Y.Pos())
	}
}

func TestLiterals(t *testing.T) {
	f := mustParse(t, `BEGIN { s = "a\tb\n\x41\101\"\\\q"; c = 'a'; d = 'ab'; e = '\n'; g = '\0'; h = "x\0y"; }`, Config{})
	var lits []ast.Expr
	for _, s := range f.Items[0].(*ast.Clause).Body {
		lits = append(lits, s.(*ast.ExprStmt).X.(*ast.Assign).Y)
	}
	if v := lits[0].(*ast.StringLit).Value; v != "a\tb\nAA\"\\\\q" {
		t.Errorf("string value %q", v)
	}
	for i, want := range []int64{'a', 'a'<<8 | 'b', '\n', 0} {
		if v := lits[1+i].(*ast.CharLit).Value; v != want {
			t.Errorf("char %d value %d want %d", i, v, want)
		}
	}
	if v := lits[5].(*ast.StringLit).Value; v != "x" {
		t.Errorf("string with NUL: %q", v)
	}
}

// Literals hold the source's bytes, UTF-8 or not (C's strings are bytes):
// none becomes U+FFFD, and the other tokens keep their places.
func TestLiteralBytes(t *testing.T) {
	f := mustParse(t, "BEGIN { s = \"a\xe9b\"; c = '\xff'; u = \"\u00e9\xfe\"; }\nEND { t = \"\xc3\"; }", Config{})
	var lits []ast.Expr
	for _, it := range f.Items {
		for _, s := range it.(*ast.Clause).Body {
			lits = append(lits, s.(*ast.ExprStmt).X.(*ast.Assign).Y)
		}
	}
	if v := lits[0].(*ast.StringLit).Value; v != "a\xe9b" {
		t.Errorf("string value %q, want %q", v, "a\xe9b")
	}
	if v := lits[1].(*ast.CharLit).Value; v != 0xff {
		t.Errorf("char value %#x, want 0xff", v)
	}
	if v := lits[2].(*ast.StringLit).Value; v != "\u00e9\xfe" {
		t.Errorf("string value %q, want %q", v, "\u00e9\xfe")
	}
	if v := lits[3].(*ast.StringLit).Value; v != "\xc3" || lits[3].Pos().Line != 2 {
		t.Errorf("string value %q at %v, want %q on line 2", v, lits[3].Pos(), "\xc3")
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		src  string
		tag  diag.Tag
		want string
	}{
		{"BEGIN { x = }", diag.D_SYNTAX, `line 1: syntax error near "}"`},
		{"BEGIN {\n x = 1 +\n}", diag.D_SYNTAX, `line 3: syntax error near "}"`},
		{"BEGIN { x = 1", diag.D_SYNTAX, `line 1: syntax error near end of input`},
		{"BEGIN {\nx = 1\n", diag.D_SYNTAX, `line 3: syntax error near end of input`},
		{"BEGIN { a b }", diag.D_SYNTAX, `line 1: syntax error near "b }"`},
		{"BEGIN { a + b = c }", diag.D_SYNTAX, `line 1: syntax error near "="`},
		{"BEGIN { (int)a = c }", diag.D_SYNTAX, `line 1: syntax error near "="`},
		{"BEGIN { if (x) a else b }", diag.D_SYNTAX, `line 1: syntax error near "else"`},
		{"BEGIN { if (x) a }", diag.D_SYNTAX, `line 1: syntax error near "}"`},
		{"BEGIN { a = 1 b = 2 }", diag.D_SYNTAX, `line 1: syntax error near "b = 2 }"`},
		{"BEGIN { x = default; }", diag.D_SYNTAX, `line 1: syntax error near "default"`},
		{"BEGIN { x = 1 }}", diag.D_SYNTAX, `line 1: syntax error near "}"`},
		{"BEGIN { x = 1.5 }", diag.D_SYNTAX, `line 1: floating-point constants are not permitted`},
		{"BEGIN { x = 1e3 }", diag.D_SYNTAX, `line 1: floating-point constants are not permitted`},
		{"BEGIN { x = \"abc\n\"; }", diag.D_STR_NL, `line 2: newline encountered in string literal`},
		{"BEGIN { x = \"abc }", diag.D_SYNTAX, `line 1: syntax error near """`},
		{"BEGIN { x = 'a\n'; }", diag.D_CHR_NL, `line 2: newline encountered in character constant`},
		{"BEGIN { x = ''; }", diag.D_CHR_NULL, `line 1: empty character constant`},
		{"BEGIN { x = 'abcdefghi'; }", diag.D_CHR_OFLOW, `line 1: character constant is too long`},
		{"BEGIN { x = 09; }", diag.D_INT_DIGIT, `line 1: constant 09 contains invalid digit 9`},
		{"BEGIN { x = 99999999999999999999999; }", diag.D_INT_OFLOW, `line 1: constant 99999999999999999999999 results in integer overflow`},
		{"BEGIN { x = 1uu; }", diag.D_SYNTAX, `line 1: syntax error near "u"`},
		{"BEGIN { x = 1lul; }", diag.D_SYNTAX, `line 1: syntax error near "l"`},
		{"BEGIN { x = 1 @@ 2; }", diag.D_SYNTAX, `line 1: syntax error near "@"`},
		{"BEGIN { x = a $ b; }", diag.D_SYNTAX, `line 1: syntax error near "$"`},
		{"BEGIN { x = 1; } /* unterminated", diag.D_SYNTAX, `line 1: end-of-file encountered before matching */`},
		{"BEGIN { /* a /* b */ }", diag.D_SYNTAX, `line 1: /* encountered inside a comment`},
		{"BEGIN { x = (1)); }", diag.D_SYNTAX, `line 1: extra ) in input stream`},
		{"BEGIN { x = a[1]]; }", diag.D_SYNTAX, `line 1: extra ] in input stream`},
		{"BEGIN /(x/ {}", diag.D_SYNTAX, `line 1: closing ) expected in predicate before /`},
		{"BEGIN /x[1/ {}", diag.D_SYNTAX, `line 1: closing ] expected in predicate before /`},
		{"BEGIN { x = 1 } # comment", diag.D_SYNTAX, `line 1: syntax error near "#"`},
		{"#define X 1\nBEGIN {}", diag.D_PRAGCTL_INVAL, `line 1: invalid control directive: #define`},
		{"#error bad thing\nBEGIN {}", diag.D_PRAGERR, `line 1: #error: bad thing `},
		{"#line x\nBEGIN {}", diag.D_PRAGMA_MALFORM, `line 1: malformed #line <line> [ ["file"] state ]`},
		{"#pragma D option quiet", diag.D_SYNTAX, `end-of-file encountered before end of control line`},
		{"BEGIN { x = f(1)(2); }", diag.D_FUNC_IDENT, `line 1: function designator is not of function type`},
		{"static extern int x;", diag.D_DECL_CLASS, `line 1: only one storage class allowed in a declaration`},
		{"BEGIN {} }", diag.D_SYNTAX, `line 1: syntax error near "}"`},
		{"BEGIN // comment\n{}", diag.D_SYNTAX, `line 1: syntax error near "/"`},
		{"\n\nint x", diag.D_SYNTAX, `line 3: syntax error near end of input`},
		{"BEGIN { x = 1; }\n#line 10\nEND { + }", diag.D_SYNTAX, `line 11: syntax error near "}"`},
		{"BEGIN { x = 1.5; y = }", diag.D_SYNTAX, `line 1: floating-point constants are not permitted`},
		{"BEGIN { y = ; x = 1.5 }", diag.D_SYNTAX, `line 1: syntax error near ";"`},
	}
	for _, tt := range tests {
		_, err := Parse("t.d", []byte(tt.src), Config{IsType: testTypes})
		e, ok := err.(*diag.Error)
		if !ok {
			t.Errorf("%q: got %v, want an error", tt.src, err)
			continue
		}
		// The line is what DTrace reports; a position without a line
		// (Line 0) prints no "line N:".
		got := e.Error()
		if e.Tag != tt.tag || !strings.HasSuffix(got, tt.want) || (strings.HasPrefix(tt.want, "line") && got != tt.want) {
			t.Errorf("%q:\n got [%s] %s\nwant [%s] %s", tt.src, e.Tag, got, tt.tag, tt.want)
		}
	}
}

// TestNoPanic feeds the parser broken input.
func TestNoPanic(t *testing.T) {
	for _, s := range fuzzSeeds() {
		for i := 0; i <= len(s); i++ {
			Parse("t", []byte(s[:i]), Config{IsType: testTypes})
		}
	}
	if testing.Short() {
		return // the deep ones are slow under the race detector
	}
	for _, s := range deepSeeds() {
		for i := 0; i <= len(s); i += len(s) / 10 {
			Parse("t", []byte(s[:i]), Config{IsType: testTypes})
		}
	}
}

func fuzzSeeds() []string {
	seeds := []string{
		"BEGIN { x = 1 }",
		"syscall::read:entry /pid == $target/ { @[execname] = count(); }",
		"profile-997 /arg0/ { @pc[arg0] = count(); }",
		"tick-1sec { printa(@); trunc(@, 10); exit(0); }",
		"fbt:vmlinux:vfs_*:entry { self->ts = timestamp; }",
		"fbt:vmlinux:vfs_*:return /self->ts/ { @[probefunc] = quantize(timestamp - self->ts); self->ts = 0; }",
		"typedef struct { int a; } s_t; BEGIN { x = ((s_t *)arg0)->a; }",
		"inline int X = 3; translator struct a < int *p > { b = *p; };",
		"provider p { probe x(int, char *) : (int); };",
		"#pragma D option quiet\nBEGIN { printf(\"%s\\n\", \"hi\"); }",
		"BEGIN { if (x) { y = 1 } else z = 2; }",
		"BEGIN { x = a ? b : c ? d : e; y = (int)z + sizeof(int) + sizeof z; }",
		"BEGIN { x = 'a' + '\\n' + 0x1fULL + 017; s = stringof(x); }",
		"BEGIN { x = xlate<struct psinfo *>(curthread)->pr_fname; }",
		"BEGIN { x = offsetof(struct foo, bar) + `max_pfn + vmlinux`jiffies; }",
		"# 10 \"foo.d\"\nBEGIN {}",
		"#line 5\nBEGIN {}",
		"BEGIN { x = 1.5 }",
		"BEGIN { x = \"unterminated }",
		"BEGIN { /* comment",
		"BEGIN /x/",
		"BEGIN { x = (1)); }",
		"int a[string, int]; self int t; this string s;",
		"void (*signal(int, void (*)(int)))(int);",
		"BEGIN { x = a ^^ b || c && d | e ^ f & g == h < i << j + k * l; }",
		"BEGIN { @a[1, 2] = sum(3); @b = avg(x); @ = max(y); }",
		"a:b:c:d:e { }",
		"BEGIN { x = $1 + $$2 + $pid; }",
		"int*x;",
		"}{)(][",
		"#!/usr/sbin/dtrace -s\nBEGIN",
		"\x00\xff\xfe",
	}
	return seeds
}

// deepSeeds nest past the limits (depth_test.go has more), for the fuzzer
// to cut and splice.
func deepSeeds() []string {
	deep := func(s string) string { return strings.Repeat(s, MaxNesting+1) }
	return []string{
		"BEGIN { x = " + deep("!") + "1; }",
		"BEGIN { x = " + deep("(") + "1" + deep(")") + "; }",
		"BEGIN { x = " + deep("(int)") + "- - 1; }",
		"BEGIN /" + deep("c ? ") + "1" + deep(" : 0") + "/ { " + deep("{") + deep("}") + " }",
		"int " + deep("*") + "x" + deep("[1]") + ";",
		"BEGIN { x = a" + deep("[1]") + deep("->b") + deep("+ 1") + "; }",
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range append(fuzzSeeds(), deepSeeds()...) {
		f.Add([]byte(s))
	}
	files, _ := filepath.Glob("../testdata/*/*.d")
	more, _ := filepath.Glob("../testdata/*/*/*.d")
	for _, name := range append(files, more...) {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file, err := Parse("fuzz.d", src, Config{IsType: testTypes})
		if err != nil {
			if _, ok := err.(*diag.Error); !ok {
				t.Fatalf("error of type %T: %v", err, err)
			}
			return
		}
		ast.SexprFile(file)
	})
}

// TestTestdata parses the scripts other packages keep as valid D.
func TestTestdata(t *testing.T) {
	files, _ := filepath.Glob("../testdata/valid*/*.d")
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Parse(name, src, Config{IsType: testTypes}); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
