package session

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dtrace-go/dtrace/abi"
)

// varsCheck runs decls and then a BEGIN clause of body followed by one
// trace() per case, and compares the traced values.
func varsCheck(t *testing.T, decls, body string, cases []subrCase) {
	t.Helper()
	var b strings.Builder
	b.WriteString(decls)
	b.WriteString("\nBEGIN\n{\n")
	b.WriteString(body)
	for _, c := range cases {
		fmt.Fprintf(&b, "\ttrace(%s);\n", c.expr)
	}
	b.WriteString("}\n")
	got, processed := subrRun(t, b.String(), 0)
	if len(got) != len(cases) {
		t.Fatalf("%d values traced, want %d: %v", len(got), len(cases), got)
	}
	for i, c := range cases {
		want := c.want
		if w, ok := want.(int); ok {
			want = int64(w)
		}
		if got[i] != want {
			t.Errorf("%s = %#v, want %#v", c.expr, got[i], want)
		}
	}
	t.Logf("verifier: %d instructions processed", processed)
}

func TestVarsGlobalArrays(t *testing.T) {
	varsCheck(t, `
int a[10];
long long w[4];
char c[4];
unsigned char uc[4];
short s[3];
int m[3][4];
char *ptrs[2];
uint64_t big[5000];
int after;
`, `
	a[1] = 3;
	i = 4;
	a[i] = 7;
	a[i + 1] = a[i] * 2;
	a[9] += 5;
	a[9]++;
	++a[9];
	w[2] = 0x123456789abcdef0;
	w[3] = -2;
	c[0] = -1;
	c[1] = 200;
	uc[0] = -1;
	s[2] = 70000;
	m[1][2] = 12;
	m[2][3] = m[1][2] * 2;
	j = 2; k = 3;
	m[j][k]++;
	ptrs[1] = "str";
	big[4999] = 77;
	after = 42;
`, []subrCase{
		{"a[1]", 3},
		{"a[i]", 7},
		{"a[5]", 14},
		{"a[i + 1]", 14},
		{"a[0]", 0}, // never assigned
		{"a[j + 6]", 0},
		{"a[9]", 7},
		{"1[a]", 3},
		{"*a", 0},
		{"w[2]", 0x123456789abcdef0},
		{"w[3]", -2},
		{"w[j + 1]", -2},
		{"c[0]", -1}, // char is signed
		{"c[1]", -56},
		{"uc[0]", 255},
		{"s[2]", 4464}, // 70000 in 16 bits
		{"m[1][2]", 12},
		{"m[j][k]", 25},
		{"m[1][j]", 12},
		{"sizeof (m[1])", 16},
		{"ptrs[1] != NULL", 1},
		{"ptrs[0] == NULL", 1},
		{"big[4999]", 77},
		{"after", 42},
	})
}

func TestVarsStructs(t *testing.T) {
	varsCheck(t, `
struct inner { short a; short b; };
struct foo {
	char c;
	unsigned char uc;
	short sh;
	unsigned short ush;
	int i;
	unsigned int ui;
	long long ll;
	uint64_t ull;
	char name[8];
	string s;
	struct inner in;
	struct inner arr[3];
	int *p;
};
union word { uint32_t u32; uint16_t u16[2]; uint8_t u8[4]; };
struct foo x;
struct foo y;
union word u;
this struct foo tf;
self struct foo sf;
struct foo st[int];
`, `
	x.c = -3;
	x.uc = 250;
	x.sh = -300;
	x.ush = 65535;
	x.i = -70000;
	x.ui = 4000000000;
	x.ll = -5000000000;
	x.ull = 0xfedcba9876543210;
	x.name[0] = 'a'; x.name[1] = 'b'; x.name[2] = 'c';
	x.s = "a string member";
	x.in.b = 11;
	n = 2;
	x.arr[n].a = 21;
	x.arr[1].b = x.arr[n].a + 1;
	x.i += 10;
	x.uc++;
	y = x;
	x.i = 1;
	u.u32 = 0x11223344;
	this->tf.i = 5;
	this->tf.in = x.in;
	self->sf = y;
	self->sf.sh = 9;
	st[3].ll = 33;
	st[3].ll *= 2;
	st[4] = y;
	this->cp = x;
`, []subrCase{
		{"x.c", -3},
		{"x.uc", 251},
		{"x.sh", -300},
		{"x.ush", 65535},
		{"x.ui", 4000000000},
		{"x.ll", -5000000000},
		{"x.ull", -81985529216486896}, // 0xfedcba9876543210
		{"stringof(x.name)", "abc"},
		{"x.s", "a string member"},
		{"x.in.b", 11},
		{"x.in.a", 0},
		{"x.arr[2].a", 21},
		{"x.arr[1].b", 22},
		{"x.i", 1},
		{"y.i", -69990},
		{"stringof(y.name)", "abc"},
		{"y.s", "a string member"},
		{"y.arr[n].a", 21},
		{"u.u16[0]", 0x3344},
		{"u.u8[3]", 0x11},
		{"this->tf.i", 5},
		{"this->tf.in.b", 11},
		{"self->sf.sh", 9},
		{"self->sf.ll", -5000000000},
		{"stringof(self->sf.name)", "abc"},
		{"st[3].ll", 66},
		{"st[4].i", -69990},
		{"st[5].ll", 0}, // created zero-filled by the read
		{"this->cp.ui", 4000000000},
		{"x.s == \"a string member\"", 1},
		{"strlen(x.name)", 3},
		{"x.p == NULL", 1},
	})
}

func TestVarsCharArrayFull(t *testing.T) {
	// A char array with no NUL is a string of all its bytes.
	varsCheck(t, `
struct s { char tag[4]; int after; };
struct s v;
`, `
	v.tag[0] = 'w'; v.tag[1] = 'x'; v.tag[2] = 'y'; v.tag[3] = 'z';
	v.after = 0x41414141;
	this->str = v.tag;
`, []subrCase{
		{"stringof(v.tag)", "wxyz"},
		{"this->str", "wxyz"},
	})
}

func TestVarsPointers(t *testing.T) {
	varsCheck(t, `
struct vec { int x; int y; };
struct seg { struct vec a; struct vec *b; struct seg *next; char tag[6]; };
`, `
	this->p = (int *)alloca(16);
	this->p[2] = 5;
	*this->p = 30;
	*(this->p + 1) = 40;
	this->p[3] = this->p[2] + 1;
	this->q = &this->p[2];
	this->l = (long long *)alloca(16);
	this->l[1] = -7;
	this->c = (char *)alloca(8);
	this->c[0] = 'h'; this->c[1] = 'i'; this->c[2] = 0;
	this->s = (struct seg *)alloca(sizeof (struct seg));
	this->v = (struct vec *)alloca(sizeof (struct vec));
	this->s->a.x = 1;
	(*this->s).a.y = 2;
	this->s->b = this->v;
	this->s->b->x = 3;
	this->s->next = this->s;
	this->s->tag[0] = 't';
	this->r = this->p;
	this->r++;
	this->r += 1;
	i = 3;
`, []subrCase{
		{"this->p[0]", 30},
		{"this->p[1]", 40},
		{"this->p[2]", 5},
		{"this->p[i]", 6},
		{"*(this->p + i)", 6},
		{"*(i + this->p)", 6},
		{"*this->q", 5},
		{"this->q - this->p", 2},
		{"this->p - this->q", -2},
		{"(char *)this->q - (char *)this->p", 8},
		{"*this->r", 5},
		{"this->r == this->q", 1},
		{"this->r > this->p", 1},
		{"this->r < this->p", 0},
		{"this->l[1]", -7},
		{"this->c[1]", 105},
		{"strlen(this->c)", 2},
		{"this->s->a.x", 1},
		{"this->s->a.y", 2},
		{"this->s->next->b->x", 3},
		{"(*this->s->b).x", 3},
		{"stringof(this->s->tag)", "t"},
		{"&this->s->a.y == &this->s->a.x + 1", 1},
	})
}

// varsRecords compiles src, fires BEGIN once and returns the clause index
// of every record sent, and the values those records traced.
func varsRecords(t *testing.T, src string) ([]int, []int64) {
	t.Helper()
	prog, recs := runBegin(t, src)
	var clauses []int
	var vals []int64
	for _, r := range recs {
		id := recordID(r)
		if id == abi.RecordFault {
			continue // a fault's report
		}
		clauses = append(clauses, prog.Records[id].Clause)
		vals = append(vals, traced(t, prog, [][]byte{r})...)
	}
	return clauses, vals
}

// TestVarsFaults checks that a fault abandons its clause: what the clause
// recorded is not sent, what it stored before the fault stays, and the
// next clause runs.
func TestVarsFaults(t *testing.T) {
	for _, tc := range []struct {
		name, decls, stmt string
	}{
		{"read past the end", "int a[4];", "v = a[i + 4];"},
		{"write past the end", "int a[4];", "a[i + 4] = 1;"},
		{"negative index", "int a[4];", "a[i - 1] = 1;"},
		// A constant index past the end is a compile-time error
		// (D_ARR_BOUNDS), except for arrays of one element.
		{"constant index past a one-element array", "int a[1];", "v = a[3];"},
		{"2-D inner index", "int a[2][3];", "a[1][i + 3] = 1;"},
		{"struct member array", "struct s { int x[2]; int y; } s;", "s.x[i + 2] = 1;"},
		{"this-> struct array", "struct s { int x[2]; };\nthis struct s ts;", "this->ts.x[i + 5] = 1;"},
		{"write past alloca memory", "", "this->p = (int *)alloca(8); this->p[i + 100000] = 1;"},
		{"write before scratch", "", "this->p = (int *)alloca(8); this->p[i - 100000] = 1;"},
		{"write to kernel memory", "", "*(int *)curthread = 1;"},
		{"self-> struct never assigned", "struct s { int x; };\nself struct s ss;", "self->ss.x = 1;"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := tc.decls + `
BEGIN
{
	i = 0;
	marker = 1;
	trace(1);
	` + tc.stmt + `
	marker = 2;
	trace(2);
}

BEGIN
{
	trace(marker);
}
`
			clauses, vals := varsRecords(t, src)
			if fmt.Sprint(clauses) != "[1]" || fmt.Sprint(vals) != "[1]" {
				t.Errorf("records from clauses %v traced %v, want one from clause 1 tracing [1]", clauses, vals)
			}
		})
	}
}

// TestVarsInBounds checks the last element of each kind of array, where a
// bounds check off by one would fault.
func TestVarsInBounds(t *testing.T) {
	varsCheck(t, `
int a[4];
struct s { char x[3]; long long y[2]; } s;
`, `
	i = 3;
	a[i] = 1;
	j = 2;
	s.x[j] = 2;
	k = 1;
	s.y[k] = 3;
	this->p = (long long *)alloca(16);
	this->p[k] = 4;
`, []subrCase{
		{"a[i]", 1},
		{"s.x[j]", 2},
		{"s.y[k]", 3},
		{"this->p[k]", 4},
	})
}

func TestVarsAssocStructs(t *testing.T) {
	varsCheck(t, `
struct callinfo { uint64_t ts; uint64_t calls; char name[8]; };
struct callinfo ci[string];
`, `
	ci["read"].ts = 100;
	ci["read"].calls++;
	ci["read"].calls++;
	ci["write"].calls += 5;
	ci["read"].name[0] = 'r';
	self->k = "write";
`, []subrCase{
		{"ci[\"read\"].ts", 100},
		{"ci[\"read\"].calls", 2},
		{"ci[self->k].calls", 5},
		{"stringof(ci[\"read\"].name)", "r"},
		{"ci[\"none\"].calls", 0},
	})
}

func TestVarsClearStruct(t *testing.T) {
	varsCheck(t, `
struct p { int a; int b; };
struct p x;
self struct p sp;
`, `
	x.a = 1; x.b = 2;
	self->sp = x;
	x = 0;
	self->sp = 0;
	self->sp2 = x;
`, []subrCase{
		{"x.a", 0},
		{"x.b", 0},
		{"self->sp2.b", 0},
	})
}
