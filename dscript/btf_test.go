package dscript

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/diag"
	"github.com/dtrace-go/dtrace/dscript/ktypes"
)

// TestValidBTFPrograms checks the programs that use kernel types against
// this machine's BTF.
func TestValidBTFPrograms(t *testing.T) {
	if _, err := os.Stat(ktypes.DefaultPath); err != nil {
		if os.Getenv("DTRACE_TEST_REQUIRE_BPF") != "" {
			t.Fatalf("kernel BTF required: %v", err)
		}
		t.Skipf("no kernel BTF: %v", err)
	}
	files, _ := filepath.Glob("testdata/valid-btf/*.d")
	if len(files) == 0 {
		t.Fatal("no programs in testdata/valid-btf")
	}
	k := ktypes.Open("")
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			if err := compileFile(t, f, Config{Args: []string{f}, Kernel: k}); err != nil {
				t.Errorf("%s: %v", f, err)
			}
		})
	}
}

// TestKernelEnumTags: an identifier compared against a value of a kernel
// enum type is that enum's enumerator, from BTF, as dt_cook_op2 reads the
// right-hand identifier of a comparison in the left operand's enum; it is
// resolved nowhere else, a name D already reads as an integer constant
// keeps its value, and one that is also another global identifier is
// ambiguous.
func TestKernelEnumTags(t *testing.T) {
	if _, err := os.Stat(ktypes.DefaultPath); err != nil {
		if os.Getenv("DTRACE_TEST_REQUIRE_BPF") != "" {
			t.Fatalf("kernel BTF required: %v", err)
		}
		t.Skipf("no kernel BTF: %v", err)
	}
	k := ktypes.Open("")
	const pre = "BEGIN\n{\n\tthis->t = (enum pid_type)1;\n"
	for _, c := range []struct {
		src  string
		tag  diag.Tag
		msg  string
		want int64 // the value of the comparison's right operand
	}{
		{src: pre + "\ttrace(this->t == PIDTYPE_TGID);\n}\n", want: 1},
		{src: pre + "\ttrace(this->t != (PIDTYPE_PID));\n}\n", want: 0},
		{src: pre + "\ttrace(this->t >= PIDTYPE_SID);\n}\n", want: 3},
		// D's constants first: an integer constant inline of the name.
		{src: "inline int PIDTYPE_SID = 7;\n" + pre + "\ttrace(this->t == PIDTYPE_SID);\n}\n", want: 7},
		// Only a comparison's right operand, only against an enum.
		{src: pre + "\ttrace(PIDTYPE_TGID == this->t);\n}\n", tag: diag.D_IDENT_UNDEF,
			msg: "line 4: failed to resolve PIDTYPE_TGID: Unknown variable name"},
		{src: pre + "\ttrace(this->t + PIDTYPE_TGID);\n}\n", tag: diag.D_IDENT_UNDEF,
			msg: "line 4: failed to resolve PIDTYPE_TGID: Unknown variable name"},
		{src: "BEGIN\n{\n\ttrace(1 == PIDTYPE_TGID);\n}\n", tag: diag.D_IDENT_UNDEF,
			msg: "line 3: failed to resolve PIDTYPE_TGID: Unknown variable name"},
		{src: pre + "\ttrace(this->t == `PIDTYPE_TGID);\n}\n", tag: diag.D_IDENT_UNDEF},
		// Another global identifier of the name makes it ambiguous.
		{src: "BEGIN\n{\n\tPIDTYPE_TGID = 1;\n}\n" + pre + "\ttrace(this->t == PIDTYPE_TGID);\n}\n", tag: diag.D_IDENT_AMBIG,
			msg: "line 8: ambiguous use of operator ==: PIDTYPE_TGID is both a enum pid_type enum tag and a global scalar"},
		{src: "inline uint64_t PIDTYPE_PGID = timestamp;\n" + pre + "\ttrace(this->t < PIDTYPE_PGID);\n}\n", tag: diag.D_IDENT_AMBIG,
			msg: "line 5: ambiguous use of operator <: PIDTYPE_PGID is both a enum pid_type enum tag and a global scalar"},
	} {
		prog, err := New(Config{Args: []string{"t.d"}, Kernel: k}).Compile(Source{Kind: Script, Name: "t.d", Text: []byte(c.src)})
		var de *diag.Error
		switch {
		case c.tag == "" && err != nil:
			t.Errorf("%q: %v", c.src, err)
		case c.tag != "" && (!errors.As(err, &de) || de.Tag != c.tag || c.msg != "" && de.Error() != c.msg):
			t.Errorf("%q: %v, want [%s] %s", c.src, err, c.tag, c.msg)
		case c.tag == "":
			var got []int64
			for x, v := range prog.Info.Consts {
				if id, ok := ast.Unparen(x).(*ast.Ident); ok && strings.HasPrefix(id.Name, "PIDTYPE_") {
					got = append(got, v)
				}
			}
			if len(got) == 0 || got[0] != c.want {
				t.Errorf("%q: the enumerator is %v, want %d", c.src, got, c.want)
			}
		}
	}
}
