package session

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/ringbuf"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/dscript"
	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/providers"
)

// subrRun compiles src with strsize strsize (0: the default), fires BEGIN
// once and returns the trace() values of the first record: an int64, or a
// string (its bytes up to the NUL), and the verifier's count of processed
// instructions.
func subrRun(t *testing.T, src string, strsize int) ([]any, int) {
	t.Helper()
	requireBPF(t)
	p, err := dscript.New(dscript.Config{Args: []string{"test.d"}}).Compile(dscript.Source{Kind: dscript.Script, Name: "test.d", Text: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	prog, err := codegen.Compile([]codegen.Unit{{File: p.File, Info: p.Info}}, codegen.Options{StrSize: strsize})
	if err != nil {
		t.Fatal(err)
	}
	probe := &providers.Probe{ID: 1, Provider: "dtrace", Name: "BEGIN"}
	m, _, err := newMaps(prog, []*providers.Probe{probe}, 1<<16, false)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	bp, err := m.load(prog, beginAttachment(probe), codegen.Stack{}, &codegen.Enablings{ByProbe: map[uint32][]*codegen.Clause{1: prog.Clauses}},
		&bpf.LoadOptions{LogLevel: ebpf.LogLevelStats}, -1)
	if err != nil {
		var ve *bpf.VerifierError
		if errors.As(err, &ve) {
			t.Fatalf("%v\n%s", err, tail(ve.Log, 30))
		}
		t.Fatal(err)
	}
	defer bp.Close()
	processed := -1
	if m := regexp.MustCompile(`processed (\d+) insns`).FindStringSubmatch(bp.VerifierLog); m != nil {
		fmt.Sscan(m[1], &processed)
	}
	rd, err := ringbuf.NewReader(m[abi.RingMap])
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	if _, err := bpf.Trigger(bp); err != nil {
		t.Fatal(err)
	}
	rd.SetDeadline(time.Now().Add(50 * time.Millisecond))
	r, err := rd.Read()
	for err == nil && binary.LittleEndian.Uint32(r.RawSample[4:]) == abi.RecordFault {
		r, err = rd.Read() // a fault's report: the clause's record follows, if any
	}
	if err != nil {
		t.Fatalf("no record: %v", err)
	}
	rec := r.RawSample
	id := recordID(rec)
	var vals []any
	for _, f := range prog.Records[id].Fields {
		if f.Kind != abi.FieldTrace {
			continue
		}
		if f.Type.IsString() {
			b := rec[f.Offset : f.Offset+f.Size]
			if i := bytes.IndexByte(b, 0); i >= 0 {
				b = b[:i]
			}
			vals = append(vals, string(b))
			continue
		}
		vals = append(vals, int64(binary.LittleEndian.Uint64(rec[f.Offset:])))
	}
	return vals, processed
}

// subrCase is one traced expression and the value it must give: an int
// (compared as int64) or a string.
type subrCase struct {
	expr string
	want any
}

// checkSubr traces every case's expression in one BEGIN clause and
// compares the results.
func checkSubr(t *testing.T, cases []subrCase, strsize int) int {
	t.Helper()
	var b strings.Builder
	b.WriteString("BEGIN\n{\n")
	for _, c := range cases {
		fmt.Fprintf(&b, "\ttrace(%s);\n", c.expr)
	}
	b.WriteString("}\n")
	got, processed := subrRun(t, b.String(), strsize)
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
	return processed
}

func TestSubrStrlenStrjoin(t *testing.T) {
	long := strings.Repeat("x", 200)
	checkSubr(t, []subrCase{
		{`strlen("")`, 0},
		{`strlen("hello")`, 5},
		{`strlen(strjoin("ab", "cde"))`, 5},
		{`strjoin("foo", "bar")`, "foobar"},
		{`strjoin("", "bar")`, "bar"},
		{`strjoin("foo", "")`, "foo"},
		{`strjoin("", "")`, ""},
		// truncated at strsize characters
		{`strlen(strjoin("` + long + `", "` + long + `"))`, 256},
		{`strjoin(strjoin("a", "b"), strjoin("c", "d"))`, "abcd"},
		{`strlen(execname) > 0`, 1},
	}, 0)
}

func TestSubrSubstr(t *testing.T) {
	checkSubr(t, []subrCase{
		{`substr("hello world", 6)`, "world"},
		{`substr("hello world", 0)`, "hello world"},
		{`substr("hello world", 0, 5)`, "hello"},
		{`substr("hello world", 4, 3)`, "o w"},
		{`substr("hello world", -5)`, "world"},
		{`substr("hello world", -5, 2)`, "wo"},
		{`substr("hello", -10)`, "hello"},
		{`substr("hello", -7, 4)`, "he"},
		{`substr("hello", -7, 2)`, ""},
		{`substr("hello", 5)`, ""},
		{`substr("hello", 50)`, ""},
		{`substr("hello", 1, -1)`, "ell"},
		{`substr("hello", 1, -4)`, ""},
		{`substr("hello", 2, 100)`, "llo"},
		{`substr("hello", 0, 0)`, ""},
		{`substr("", 0)`, ""},
	}, 0)
}

func TestSubrIndex(t *testing.T) {
	checkSubr(t, []subrCase{
		{`index("hello", "l")`, 2},
		{`index("hello", "lo")`, 3},
		{`index("hello", "x")`, -1},
		{`index("hello", "")`, 0},
		{`index("", "")`, 0},
		{`index("", "a")`, -1},
		{`index("hello", "hello!")`, -1},
		{`index("aaab", "aab")`, 1},
		{`index("abababc", "ababc")`, 2},
		{`index("hello", "l", 3)`, 3},
		{`index("hello", "l", 4)`, -1},
		{`index("hello", "l", -3)`, 2},
		{`index("hello", "", 3)`, 3},
		{`index("hello", "", 9)`, 5},
		{`index("hello", "h", 9)`, -1},
		{`rindex("hello", "l")`, 3},
		{`rindex("hello", "x")`, -1},
		{`rindex("hello", "")`, 5},
		{`rindex("", "")`, 0},
		{`rindex("abcabc", "abc")`, 3},
		{`rindex("aaaa", "aa")`, 2},
		{`rindex("hello", "l", 2)`, 2},
		{`rindex("hello", "l", 1)`, -1},
		{`rindex("hello", "l", 99)`, 3},
		{`rindex("hello", "l", -1)`, -1},
		{`rindex("hello", "", -1)`, 0},
		{`rindex("hello", "", 2)`, 2},
		{`strstr("hello world", "o w")`, "o world"},
		{`strstr("hello", "xyz") == NULL`, 1}, // NULL: tracing it would fault
		{`strstr("hello", "")`, "hello"},
		{`strstr("hello", "hello")`, "hello"},
	}, 0)
}

// TestSubrIndexKMP searches for strings that are not constants (the
// general Knuth-Morris-Pratt code; constants use a Shift-And table).
func TestSubrIndexKMP(t *testing.T) {
	checkSubr(t, []subrCase{
		{`index("abababc", strjoin("abab", "c"))`, 2},
		{`index("aaab", strjoin("aa", "b"), 1)`, 1},
		{`rindex("aaaa", strjoin("a", "a"))`, 2},
		{`strstr("hello world", strjoin("o", " w"))`, "o world"},
	}, 0)
	checkSubr(t, []subrCase{
		{`index("hello", strjoin("", ""), 3)`, 3},
		{`rindex("abcabc", strjoin("b", "c"), 3)`, 1},
		{`index("hello", strjoin("x", ""))`, -1},
	}, 0)
}

func TestSubrStrchr(t *testing.T) {
	checkSubr(t, []subrCase{
		{`strchr("hello", 'l')`, "llo"},
		{`strrchr("hello", 'l')`, "lo"},
		{`strchr("hello", 'h')`, "hello"},
		{`strrchr("hello", 'o')`, "o"},
		{`strchr("hello", 'x') == NULL`, 1},
		{`strrchr("", 'x') == NULL`, 1},
		{`strchr("a/b/c", '/')`, "/b/c"},
		{`strrchr("a/b/c", '/')`, "/c"},
	}, 0)
}

func TestSubrStrtok(t *testing.T) {
	got, n := subrRun(t, `
BEGIN
{
	trace(strtok(",,a,bc;;d,", ",;"));
	trace(strtok(NULL, ",;"));
	trace(strtok(NULL, ";"));
	trace(strtok(NULL, ",;") == NULL);
	trace(strtok("x y", " "));
	trace(strtok(NULL, " "));
	trace(strtok(NULL, " ") == NULL);
	trace(strtok(",,,", ",") == NULL);
	trace(strtok("abc", ""));
}
`, 0)
	want := []any{"a", "bc", "d,", 1, "x", "y", 1, 1, "abc"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %q, want %q", got, want)
	}
	t.Logf("verifier: %d instructions processed", n)
}

func TestSubrPaths(t *testing.T) {
	checkSubr(t, []subrCase{
		{`basename("/usr/lib/libc.so")`, "libc.so"},
		{`basename("/usr/lib/")`, "lib"},
		{`basename("/usr//lib//")`, "lib"},
		{`basename("libc.so")`, "libc.so"},
		{`basename("/")`, "/"},
		{`basename("///")`, "/"},
		{`basename("")`, "."},
		{`dirname("/usr/lib/libc.so")`, "/usr/lib"},
		{`dirname("/usr/lib/")`, "/usr"},
		{`dirname("/usr//lib//")`, "/usr"},
		{`dirname("/usr")`, "/"},
		{`dirname("//usr")`, "/"},
		{`dirname("foo")`, "."},
		{`dirname("foo/")`, "."},
		{`dirname("a/b")`, "a"},
		{`dirname("/")`, "/"},
		{`dirname("")`, "."},
		{`cleanpath("/usr/./lib//libc.so")`, "/usr/lib/libc.so"},
		{`cleanpath("/usr/lib/../bin")`, "/usr/bin"},
		{`cleanpath("/a/b/c/../../d")`, "/a/d"},
		{`cleanpath("/a/b/..")`, "/a"},
		{`cleanpath("/..")`, "/"},
		{`cleanpath("/a/.hidden/..x")`, "/a/.hidden/..x"},
		{`cleanpath("/a/")`, "/a"},
		{`cleanpath("./a/../../b/")`, "../b"},
		{`cleanpath("")`, ""},
	}, 0)
}

func TestSubrLltostr(t *testing.T) {
	checkSubr(t, []subrCase{
		{`lltostr(0)`, "0"},
		{`lltostr(12345)`, "12345"},
		{`lltostr(-42)`, "-42"},
		{`lltostr(-9223372036854775807 - 1)`, "-9223372036854775808"},
		{`lltostr(255, 16)`, "0xff"},
		{`lltostr(0, 16)`, "0x0"},
		{`lltostr(8, 8)`, "010"},
		{`lltostr(0, 8)`, "0"},
		{`lltostr(5, 2)`, "101"},
		{`lltostr(-1, 16)`, "0xffffffffffffffff"},
		{`lltostr(35, 36)`, "z"},
		// A base outside 2..36 is an illegal operation: see the runtime
		// suite (faults/tst.lltostr-base).
	}, 0)
}

func TestSubrCaseSwap(t *testing.T) {
	checkSubr(t, []subrCase{
		{`toupper("Hello, World 09 az@[` + "`" + `{")`, "HELLO, WORLD 09 AZ@[`{"},
		{`tolower("Hello, World 09 AZ@[` + "`" + `{")`, "hello, world 09 az@[`{"},
		{`toupper("")`, ""},
		{`htons(0x1234)`, 0x3412},
		{`ntohs(0x1234)`, 0x3412},
		{`htonl(0x12345678)`, 0x78563412},
		{`ntohl(0x12345678)`, 0x78563412},
		{`htonll(0x0102030405060708)`, 0x0807060504030201},
		{`ntohll(0x0102030405060708)`, 0x0807060504030201},
	}, 0)
}

// userData is user memory of the test process, which BEGIN (run by
// BPF_PROG_TEST_RUN in this process) reads with copyin and copyinstr.
var userData = []byte("user string\x00\x01\x02\x03\x04")

func TestSubrCopyin(t *testing.T) {
	var pin runtime.Pinner
	pin.Pin(&userData[0])
	defer pin.Unpin()
	addr := uintptr(unsafe.Pointer(&userData[0]))
	checkSubr(t, []subrCase{
		{fmt.Sprintf("copyinstr(%d)", addr), "user string"},
		{fmt.Sprintf("copyinstr(%d, 4)", addr), "user"},
		{fmt.Sprintf("copyinstr(%d, 0)", addr), ""},
		{fmt.Sprintf("*(unsigned int *)copyin(%d, 4) == 0x72657375", addr), 1},
		{fmt.Sprintf("(string)(char *)copyin(%d, 16)", addr), "user string"},
		{fmt.Sprintf("(string)(char *)copyin(%d, 4)", addr+12), "\x01\x02\x03\x04"},
	}, 0)
}

func TestSubrInetNtoa(t *testing.T) {
	ip := []byte{192, 168, 0, 10, 255, 0, 9, 100}
	var pin runtime.Pinner
	pin.Pin(&ip[0])
	defer pin.Unpin()
	addr := uintptr(unsafe.Pointer(&ip[0]))
	// ip lives in user memory: copy it in first.
	checkSubr(t, []subrCase{
		{fmt.Sprintf("inet_ntoa((ipaddr_t *)copyin(%d, 4))", addr), "192.168.0.10"},
		{fmt.Sprintf("inet_ntoa((ipaddr_t *)copyin(%d, 4))", addr+4), "255.0.9.100"},
	}, 0)
}

func TestSubrAllocaBcopy(t *testing.T) {
	var pin runtime.Pinner
	pin.Pin(&userData[0])
	defer pin.Unpin()
	addr := uintptr(unsafe.Pointer(&userData[0]))
	got, _ := subrRun(t, fmt.Sprintf(`
BEGIN
{
	this->p = (char *)alloca(16);
	bcopy(copyin(%d, 12), this->p, 12);
	trace((string)this->p);
	this->q = (char *)alloca(8);
	bcopy(copyin(%d, 12), this->q, 4);
	/* alloca memory of a fresh scratch map is zero: "user" ends there */
	trace((string)this->q);
}
`, addr, addr), 0)
	want := []any{"user string", "user"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestSubrVerifierCost runs every string subroutine with a large strsize
// to keep the verifier's work in check.
func TestSubrVerifierCost(t *testing.T) {
	for _, c := range []subrCase{
		{`strlen("abc")`, 3},
		{`strjoin("a", "b")`, "ab"},
		{`substr("abc", 1)`, "bc"},
		{`index("abcabc", "ca")`, 2},
		{`rindex("abcabc", "bc")`, 4},
		{`strstr("abcabc", "ca")`, "cabc"},
		{`strchr("abc", 'b')`, "bc"},
		{`strrchr("abcb", 'b')`, "b"},
		{`strtok("a,b", ",")`, "a"},
		{`basename("/a/b")`, "b"},
		{`dirname("/a/b")`, "/a"},
		{`cleanpath("/a/../b")`, "/b"},
		{`lltostr(-12)`, "-12"},
		{`toupper("abc")`, "ABC"},
	} {
		for _, size := range []int{256, 1024} {
			n := checkSubr(t, []subrCase{c}, size)
			t.Logf("%-28s strsize %4d: %7d instructions processed", c.expr, size, n)
		}
	}
}

// TestSubrSearchesShareTheirLoops: index(), rindex() and strstr() share
// their loops (bpf_loop callbacks), so that thirty of them on 126-byte
// strings in one clause cost the verifier a fraction of its million
// instructions (each unrolled its loops: about 25 such calls passed the
// limit).
func TestSubrSearchesShareTheirLoops(t *testing.T) {
	s := strings.Repeat("x", 120) + "needle"
	var b strings.Builder
	fmt.Fprintf(&b, "BEGIN\n{\n\tthis->s = \"%s\";\n\tthis->t = strjoin(\"nee\", \"dle\");\n", s)
	var want []any
	for i := range 30 {
		switch i % 5 {
		case 0:
			b.WriteString("\ttrace(index(this->s, this->t));\n")
			want = append(want, int64(120))
		case 1:
			b.WriteString("\ttrace(rindex(this->s, this->t));\n")
			want = append(want, int64(120))
		case 2:
			b.WriteString("\ttrace(index(this->s, \"eed\"));\n")
			want = append(want, int64(121))
		case 3:
			b.WriteString("\ttrace(rindex(this->s, \"xx\", 50));\n")
			want = append(want, int64(50))
		case 4:
			b.WriteString("\ttrace(strstr(this->s, this->t));\n")
			want = append(want, "needle")
		}
	}
	b.WriteString("}\n")
	got, processed := subrRun(t, b.String(), 0)
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %v, want %v", got, want)
	}
	t.Logf("verifier: %d instructions processed", processed)
	if processed > 200000 {
		t.Errorf("verifier: %d instructions processed, want at most 200,000", processed)
	}
}
