package codegen_test

import (
	"strings"
	"testing"

	"github.com/cilium/ebpf/asm"
)

// A float and a double are loaded by their size, not sign-extended, and
// recorded as values of their type (the consumer decodes them by it).
func TestFloatLoadsAndRecords(t *testing.T) {
	prog := compile(t, "struct pt { float x; double y; };\nstruct pt p;\nBEGIN\n{\n\tprintf(\"%f %e\\n\", p.x, p.y);\n\ttrace(*(float *)alloca(4));\n}\n")
	r := prog.Records[0]
	if len(r.Fields) != 4 {
		t.Fatalf("%d fields, want 4: %+v", len(r.Fields), r.Fields)
	}
	for i, want := range []string{"float", "double", "float"} {
		if f := r.Fields[i+1]; f.Type == nil || f.Type.String() != want || f.Size != 8 {
			t.Errorf("field %d: %v (%d bytes), want %s (8)", i+1, f.Type, f.Size, want)
		}
	}
	s := stmt(t, prog, 5)
	var words, dwords int
	for _, ins := range s {
		if ins.OpCode.Class() != asm.LdXClass {
			continue
		}
		switch ins.OpCode.Size() {
		case asm.Word:
			words++
		case asm.DWord:
			dwords++
		}
		if ins.OpCode.Mode() == asm.MemSXMode {
			t.Errorf("a float is sign-extended: %v", ins)
		}
	}
	if words == 0 {
		t.Errorf("no 32-bit load of the float:\n%v", s)
	}
	for _, ins := range s {
		if ins.OpCode.ALUOp() == asm.ArSh {
			t.Errorf("a float's bits are shifted arithmetically: %v\n%v", ins, s)
		}
	}
}

// D does no floating-point arithmetic and assigns no float.
func TestFloatRefused(t *testing.T) {
	for src, want := range map[string]string{
		"double d;\nBEGIN\n{\n\ttrace(-d);\n}\n":      "operator - requires an operand of arithmetic type",
		"double d;\nBEGIN\n{\n\tthis->x = d;\n}\n":    `operands have incompatible types: "double" = "double"`,
		"float f;\nBEGIN\n{\n\ttrace(f * 2);\n}\n":    "operator * requires operands of arithmetic type",
		"float f;\nBEGIN\n{\n\ttrace((float)1);\n}\n": `invalid cast expression: "int" to "float"`,
	} {
		_, err := build(src)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", src, err, want)
		}
	}
}
