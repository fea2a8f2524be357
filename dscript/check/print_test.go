package check_test

import (
	"errors"
	"testing"

	"github.com/dtrace-go/dtrace/dscript/diag"
)

// TestPrintZeroSize: print() of a pointer to a type of no bytes is
// D_PRINT_SIZE, as dt_cg_act_print refuses it: an incomplete type, void,
// and a complete struct of size 0 (a kernel struct its configuration leaves
// without members), whether given as the pointer or as what it points to.
func TestPrintZeroSize(t *testing.T) {
	for _, c := range []struct{ src, typ string }{
		{"print((void *)arg0);", "void"},
		{"print((struct nosuch *)arg0);", "struct nosuch"},
		{"print((struct lock_class_key *)arg0);", "struct lock_class_key"},
		{"print(*(struct lock_class_key *)arg0);", "struct lock_class_key"},
	} {
		_, err := compileArgs(t, "good:m:open:entry\n{\n\t"+c.src+"\n}\n")
		want := "print( ) argument #1 reference has type '" + c.typ + "' with size 0; cannot print( ) it."
		var de *diag.Error
		if !errors.As(err, &de) || de.Tag != diag.D_PRINT_SIZE || de.Msg != want || de.Pos.Line != 3 {
			t.Errorf("%s: %v, want [D_PRINT_SIZE] line 3: %s", c.src, err, want)
		}
	}
	if _, err := compileArgs(t, "good:m:open:entry\n{\n\tprint((struct task_struct *)arg0);\n}\n"); err != nil {
		t.Errorf("print of a struct of some bytes: %v", err)
	}
}
