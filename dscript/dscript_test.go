package dscript

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/dtrace-go/dtrace/dscript/diag"
	"github.com/dtrace-go/dtrace/internal/dtest"
)

func compileFile(t *testing.T, path string, cfg Config) error {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	_, err = New(cfg).Compile(Source{Kind: Script, Name: filepath.Base(path), Text: src})
	return err
}

func TestValidPrograms(t *testing.T) {
	files, _ := filepath.Glob("testdata/valid/*.d")
	if len(files) < 200 {
		t.Fatalf("only %d valid programs in testdata/valid", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			if err := compileFile(t, f, Config{Args: []string{f}}); err != nil {
				t.Errorf("%s: %v", f, err)
			}
		})
	}
}

func readExpectation(t *testing.T, path string) dtest.Expectation {
	t.Helper()
	exps, err := dtest.Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(exps) != 1 {
		t.Fatalf("%s: want exactly one ERROR comment, found %d", path, len(exps))
	}
	return exps[0]
}

func TestInvalidPrograms(t *testing.T) {
	files, _ := filepath.Glob("testdata/invalid/*.d")
	if len(files) < 150 {
		t.Fatalf("only %d invalid programs in testdata/invalid", len(files))
	}
	tags := map[diag.Tag]bool{}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			want := readExpectation(t, f)
			tags[diag.Tag(want.Tag)] = true
			err := compileFile(t, f, Config{Args: []string{f}})
			var de *diag.Error
			if !errors.As(err, &de) {
				t.Fatalf("%s: want error %s at line %d, got %v", f, want.Tag, want.Line, err)
			}
			if string(de.Tag) != want.Tag || de.Pos.Line != want.Line || !want.RE.MatchString(de.Msg) {
				t.Errorf("%s:\n got: [%s] line %d: %s\nwant: [%s] line %d: /%s/", f, de.Tag, de.Pos.Line, de.Msg, want.Tag, want.Line, want.RE)
			}
		})
	}
	t.Logf("%d invalid programs, %d distinct tags", len(files), len(tags))
}

// TestUAddrTarget: %A takes an integer only when there is a target process
// (-c, -p), as pfcheck_uaddr allows it.
func TestUAddrTarget(t *testing.T) {
	src := Source{Kind: Name, Name: "t", Text: []byte(`BEGIN { printf("%A", 1234); }`)}
	_, err := New(Config{Args: []string{"dtrace"}}).Compile(src)
	var de *diag.Error
	if !errors.As(err, &de) || de.Tag != diag.D_PRINTF_ARG_TYPE {
		t.Errorf("without a target: %v, want D_PRINTF_ARG_TYPE", err)
	}
	if _, err := New(Config{Args: []string{"dtrace"}, Macros: map[string]int64{"target": 42}}).Compile(src); err != nil {
		t.Errorf("with a target: %v", err)
	}
}

// TestMacroUnused: the last macro argument must be referenced, in an
// expression or a probe description, unless -x argref (dt_compile's
// D_MACRO_UNUSED, at the line where the program ends).
func TestMacroUnused(t *testing.T) {
	for _, c := range []struct {
		src    string
		argref bool
		err    string
	}{
		{src: "BEGIN\n{\n\texit(0);\n}\n", err: "line 5: extraneous argument 'b' ($2 is not referenced)"},
		{src: "BEGIN\n{\n\ttrace($1);\n}\n", err: "line 5: extraneous argument 'b' ($2 is not referenced)"},
		{src: "BEGIN\n{\n\ttrace($$2);\n}\n"},
		{src: "syscall::$2:entry\n{\n}\n"},
		{src: "int x[$1 + 2];\nBEGIN\n{\n\ttrace($$2);\n}\n"},
		{src: "BEGIN\n{\n}\n", argref: true},
		// The pragma, as -x argref: dt_compile checks once the
		// program has parsed, wherever the pragma stands.
		{src: "BEGIN\n{\n}\n#pragma D option argref\n"},
	} {
		_, err := New(Config{Args: []string{"t.d", "3", "b"}, ArgRef: c.argref}).Compile(Source{Kind: Script, Name: "t.d", Text: []byte(c.src)})
		var de *diag.Error
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%q: %v", c.src, err)
		case c.err != "" && (!errors.As(err, &de) || de.Tag != diag.D_MACRO_UNUSED || de.Error() != c.err):
			t.Errorf("%q: %v, want [D_MACRO_UNUSED] %s", c.src, err, c.err)
		}
	}
}

// TestDefaultargsPragma: "#pragma D option defaultargs" lets the macros
// after it name arguments not given, as -x defaultargs does: DTrace's
// lexer applies the pragma to the compile in progress when it reads it
// and resolves each macro as it reads it, so a macro before the pragma is
// still undefined. It sets nothing for the programs compiled after.
func TestDefaultargsPragma(t *testing.T) {
	const pragma = "#pragma D option defaultargs\n"
	for _, c := range []struct {
		src string
		err string // D_MACRO_UNDEF's message, or none
	}{
		{src: pragma + "BEGIN\n{\n\ttrace($1);\n\ttrace($$2);\n}\n"},
		{src: pragma + "BEGIN$1\n{\n}\n"},
		{src: pragma + "inline int n = $3;\nBEGIN\n{\n\ttrace(n);\n}\n"},
		{src: "BEGIN\n{\n\ttrace(1);\n}\n" + pragma + "END\n{\n\ttrace($1);\n}\n"},
		{src: "BEGIN\n{\n" + pragma + "\ttrace($1);\n}\n"},
		{src: "BEGIN\n{\n\ttrace($1);\n}\n" + pragma, err: "line 3: macro argument $1 is not defined"},
		{src: "BEGIN\n{\n\ttrace($1);\n" + pragma + "}\n", err: "line 3: macro argument $1 is not defined"},
		{src: "BEGIN$1\n{\n}\n" + pragma, err: "line 1: macro argument $1 is not defined"},
	} {
		_, err := New(Config{Args: []string{"t.d"}}).Compile(Source{Kind: Script, Name: "t.d", Text: []byte(c.src)})
		var de *diag.Error
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%q: %v", c.src, err)
		case c.err != "" && (!errors.As(err, &de) || de.Tag != diag.D_MACRO_UNDEF || de.Error() != c.err):
			t.Errorf("%q: %v, want [D_MACRO_UNDEF] %s", c.src, err, c.err)
		}
	}
	comp := New(Config{Args: []string{"t.d"}})
	if _, err := comp.Compile(Source{Kind: Script, Name: "a.d", Text: []byte(pragma + "BEGIN\n{\n\ttrace($1);\n}\n")}); err != nil {
		t.Fatalf("a.d: %v", err)
	}
	_, err := comp.Compile(Source{Kind: Script, Name: "b.d", Text: []byte("BEGIN\n{\n\ttrace($1);\n}\n")})
	var de *diag.Error
	if !errors.As(err, &de) || de.Tag != diag.D_MACRO_UNDEF {
		t.Errorf("b.d after a.d's pragma: %v, want D_MACRO_UNDEF", err)
	}
}

// TestTupleLimit: a key of more than 9 components, of an associative array
// or an aggregation, is refused as DTrace's code generator refuses it when
// it runs out of tuple slots (dt_cg_arglist's EDT_NOTUPREG): the library's
// message, without a tag or a line.
func TestTupleLimit(t *testing.T) {
	const keys9, keys10 = "1,2,3,4,5,6,7,8,9", "1,2,3,4,5,6,7,8,9,10"
	for _, c := range []struct {
		src string
		bad bool
	}{
		{src: "BEGIN\n{\n\ta[" + keys9 + "] = 1;\n}\n"},
		{src: "BEGIN\n{\n\ta[" + keys10 + "] = 1;\n}\n", bad: true},
		{src: "BEGIN\n{\n\tself->a[" + keys10 + "] = 1;\n}\n", bad: true},
		{src: "BEGIN\n{\n\t@[" + keys9 + "] = count();\n}\n"},
		{src: "BEGIN\n{\n\t@[" + keys10 + "] = count();\n}\n", bad: true},
		{src: "int a[int, int, int, int, int, int, int, int, int, int];\nBEGIN\n{\n\ttrace(a[" + keys10 + "]);\n}\n", bad: true},
	} {
		_, err := New(Config{Args: []string{"t.d"}}).Compile(Source{Kind: Script, Name: "t.d", Text: []byte(c.src)})
		var de *diag.Error
		switch {
		case !c.bad && err != nil:
			t.Errorf("%q: %v", c.src, err)
		case c.bad && (!errors.As(err, &de) || de.Tag != "" || de.Text(true) != "Insufficient tuple registers to generate code"):
			t.Errorf("%q: %v, want Insufficient tuple registers to generate code", c.src, err)
		}
	}
}
