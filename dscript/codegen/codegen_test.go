package codegen_test

// Narrow tests of the code generator's lowering decisions: each compiles a
// small D program (no kernel needed) and asserts on the instructions one
// statement emits. A statement's instructions run from the one carrying its
// "test.d:LINE" comment to the next commented instruction, so the programs
// put every statement on a line of its own.

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript"
	"github.com/dtrace-go/dtrace/dscript/check"
	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/probe"
)

// build checks and compiles src as the script test.d.
func build(src string) (*codegen.Program, error) {
	p, err := dscript.New(dscript.Config{Args: []string{"test.d"}, Probes: dtraceCatalog{}, ZeroProbes: true}).Compile(dscript.Source{Kind: dscript.Script, Name: "test.d", Text: []byte(src)})
	if err != nil {
		return nil, fmt.Errorf("check test.d: %w", err)
	}
	return codegen.Compile([]codegen.Unit{{File: p.File, Info: p.Info}}, codegen.Options{})
}

// dtraceCatalog is a probe catalog of the dtrace provider's probes alone,
// matched by their fields or by empty ones (no patterns).
type dtraceCatalog struct{}

func (dtraceCatalog) Match(d probe.Desc) ([]check.Probe, error) {
	var ps []check.Probe
	for i, name := range []string{"BEGIN", "END", "ERROR"} {
		p := check.Probe{ID: uint32(i + 1), Provider: "dtrace", Name: name}
		if d.ID == p.ID || d.ID == 0 && (d.Provider == "" || d.Provider == p.Provider) && d.Module == "" && d.Function == "" &&
			(d.Name == "" || d.Name == name) {
			ps = append(ps, p)
		}
	}
	return ps, nil
}

func compile(t *testing.T, src string) *codegen.Program {
	t.Helper()
	prog, err := build(src)
	if err != nil {
		t.Fatal(err)
	}
	return prog
}

// comment returns the D source line comment an instruction carries, or "".
func comment(ins asm.Instruction) string {
	if s := ins.Source(); s != nil {
		return s.String()
	}
	return ""
}

// stmt returns the instructions of the statement (or predicate) on line
// of clause 0, up to the next statement or the clause's exit label (the
// last statement's include the sending of the clause's record).
func stmt(t *testing.T, prog *codegen.Program, line int) asm.Instructions {
	t.Helper()
	return stmtOf(t, prog.Clauses[0].Insns, line)
}

func stmtOf(t *testing.T, insns asm.Instructions, line int) asm.Instructions {
	t.Helper()
	want := fmt.Sprintf("test.d:%d", line)
	for i, ins := range insns {
		if comment(ins) != want {
			continue
		}
		j := i + 1
		for j < len(insns) && comment(insns[j]) == "" && !strings.HasSuffix(insns[j].Symbol(), "_out") {
			j++
		}
		return insns[i:j]
	}
	t.Fatalf("no instruction carries %q:\n%v", want, insns)
	return nil
}

func isCall(ins asm.Instruction, fn asm.BuiltinFunc) bool {
	return ins.IsBuiltinCall() && ins.Constant == int64(fn)
}

// calls returns the positions of the calls to fn in insns.
func calls(insns asm.Instructions, fn asm.BuiltinFunc) []int {
	var at []int
	for i, ins := range insns {
		if isCall(ins, fn) {
			at = append(at, i)
		}
	}
	return at
}

func isJump(ins asm.Instruction) bool {
	op := ins.OpCode.JumpOp()
	return (ins.OpCode.Class() == asm.JumpClass || ins.OpCode.Class() == asm.Jump32Class) &&
		op != asm.Call && op != asm.Exit && op != asm.InvalidJumpOp
}

// label returns the position in insns of the instruction labelled name, or
// -1.
func label(insns asm.Instructions, name string) int {
	for i, ins := range insns {
		if ins.Symbol() == name {
			return i
		}
	}
	return -1
}

func isStoreImm(ins asm.Instruction) bool { return ins.OpCode.Class() == asm.StClass }

func isLoadFrom(ins asm.Instruction, base asm.Register, off int16) bool {
	return ins.OpCode.Class() == asm.LdXClass && ins.Src == base && ins.Offset == off
}

// globalLoads returns the positions of the loads from the globals value
// (R8), the exiting word excepted: the reads of global variables.
func globalLoads(insns asm.Instructions) []int {
	var at []int
	for i, ins := range insns {
		if ins.OpCode.Class() == asm.LdXClass && ins.Src == asm.R8 && ins.Offset != abi.GlobalExiting {
			at = append(at, i)
		}
	}
	return at
}

// A constant assigned to a global scalar is a 64-bit immediate load and
// one store into the globals value (R8): no helper, no map access. (It is
// not folded into a single store-immediate instruction.)
func TestGlobalStoreOfConstant(t *testing.T) {
	prog := compile(t, "long x;\nBEGIN\n{\n\tx = 5;\n}\n")
	s := stmt(t, prog, 4)
	if len(s) != 2 {
		t.Fatalf("x = 5: %d instructions, want 2:\n%v", len(s), s)
	}
	ld, st := s[0], s[1]
	if !ld.IsConstantLoad(asm.DWord) || ld.Dst != asm.R0 || ld.Constant != 5 {
		t.Errorf("first instruction %v, want r0 = 5 (64-bit immediate)", ld)
	}
	if st.OpCode != asm.StoreMemOp(asm.DWord) || st.Dst != asm.R8 || st.Src != asm.R0 || st.Offset < 24 {
		t.Errorf("second instruction %v, want a 64-bit store of r0 into the globals value (r8) past its run-state words", st)
	}
}

// An int global is stored with a 32-bit store: the store truncates the
// 64-bit value, nothing before it does.
func TestGlobalStoreOfInt(t *testing.T) {
	prog := compile(t, "int y;\nBEGIN\n{\n\ty = 7;\n}\n")
	s := stmt(t, prog, 4)
	last := s[len(s)-1]
	if last.OpCode != asm.StoreMemOp(asm.Word) || last.Dst != asm.R8 {
		t.Errorf("last instruction %v, want a 32-bit store into r8", last)
	}
	if len(s) != 2 {
		t.Errorf("want the constant loaded and stored, nothing else:\n%v", s)
	}
}

// Every clause starts by skipping itself unless the activity state (the
// exiting word of the globals value) is its probe's: BEGIN's alone runs
// only warming up, END's alone always (DTrace runs END's clauses after an
// exit() on END), one on BEGIN and END tests the probe's id too.
func TestPrologueSkipsWhenExiting(t *testing.T) {
	prog := compile(t, "BEGIN\n{\n\ttrace(1);\n}\nEND\n{\n\ttrace(2);\n}\nBEGIN, END\n{\n\ttrace(3);\n}\n")
	for i, cl := range prog.Clauses {
		insns := cl.Insns
		if insns[0].Symbol() != cl.Symbol {
			t.Errorf("%s: first instruction %v does not carry the symbol", cl.Symbol, insns[0])
		}
		tests, idTest, warmTest := false, false, false
		for j := 0; j+1 < len(insns); j++ {
			if isLoadFrom(insns[j], asm.R8, abi.GlobalExiting) {
				tests = true
			}
			if tests && insns[j].OpCode.JumpOp() == asm.JNE && insns[j].Constant == abi.ExitingWarmup {
				warmTest = true
			}
			if tests && isLoadFrom(insns[j], asm.R9, abi.CtxProbeID) && insns[j].Dst == asm.R1 &&
				insns[j+1].OpCode.JumpOp() == asm.JEq {
				idTest = true
			}
			if comment(insns[j+1]) != "" && j > 0 {
				break // the first statement starts: too late
			}
		}
		if want := i != 1; tests != want {
			t.Errorf("%s: tests the exiting word: %v, want %v:\n%v", cl.Symbol, tests, want, insns)
		}
		if want := i == 2; idTest != want {
			t.Errorf("%s: tests the probe's id: %v, want %v:\n%v", cl.Symbol, idTest, want, insns)
		}
		if want := i != 1; warmTest != want {
			t.Errorf("%s: tests for the warm-up: %v, want %v:\n%v", cl.Symbol, warmTest, want, insns)
		}
	}
}

// A predicate compiles to one conditional jump to the clause's exit, with
// the comparison inverted, and no 0 or 1 materialized.
func TestPredicateJumpsToExit(t *testing.T) {
	prog := compile(t, "long x;\nBEGIN\n/x > 3/\n{\n\ttrace(x);\n}\n")
	s := stmt(t, prog, 3)
	if len(s) != 2 {
		t.Fatalf("predicate: %d instructions, want 2:\n%v", len(s), s)
	}
	j := s[1]
	if j.OpCode.JumpOp() != asm.JSLE || j.Dst != asm.R0 || j.OpCode.Source() != asm.ImmSource || j.Constant != 3 {
		t.Errorf("predicate jump %v, want r0 s<= 3 (signed: x is a long)", j)
	}
	exit := prog.Clauses[0].Symbol + "_out"
	if j.Reference() != exit {
		t.Errorf("predicate jumps to %q, want the clause's exit %q", j.Reference(), exit)
	}
	if i := label(prog.Clauses[0].Insns, exit); i < 0 || prog.Clauses[0].Insns[i+1].OpCode.JumpOp() != asm.Exit {
		t.Errorf("the exit label does not end the clause")
	}
}

// An unsigned comparison uses the unsigned jumps; ! flips the jump instead
// of computing a value.
func TestPredicateUnsignedAndNot(t *testing.T) {
	prog := compile(t, "unsigned long u;\nBEGIN\n/u < 5/\n{\n\ttrace(u);\n}\nBEGIN\n/!(u == 1)/\n{\n\ttrace(u);\n}\n")
	s := stmt(t, prog, 3)
	if j := s[len(s)-1]; j.OpCode.JumpOp() != asm.JGE || j.Constant != 5 {
		t.Errorf("u < 5: jump %v, want unsigned r0 >= 5 to the exit", j)
	}
	s = stmtOf(t, prog.Clauses[1].Insns, 8)
	if len(s) != 2 {
		t.Fatalf("!(u == 1): %d instructions, want 2:\n%v", len(s), s)
	}
	if j := s[1]; j.OpCode.JumpOp() != asm.JEq || j.Constant != 1 || j.Reference() != prog.Clauses[1].Symbol+"_out" {
		t.Errorf("!(u == 1): jump %v, want r0 == 1 to the exit", j)
	}
}

// In a predicate, && jumps to the exit as soon as its left side is false:
// the right side's code comes after that jump.
func TestPredicateAndShortCircuits(t *testing.T) {
	prog := compile(t, "long a;\nlong b;\nBEGIN\n/a && b/\n{\n\ttrace(a);\n}\n")
	s := stmt(t, prog, 4)
	exit := prog.Clauses[0].Symbol + "_out"
	loads := globalLoads(s)
	if len(loads) != 2 {
		t.Fatalf("want one load of a and one of b:\n%v", s)
	}
	la, lb := loads[:1], loads[1:]
	first := -1
	for i := la[0]; i < len(s); i++ {
		if isJump(s[i]) {
			first = i
			break
		}
	}
	if first < 0 || first > lb[0] || s[first].OpCode.JumpOp() != asm.JEq || s[first].Reference() != exit {
		t.Errorf("a's jump to the exit does not come before b is loaded:\n%v", s)
	}
}

// In a predicate, || jumps past the right side when the left side is true.
func TestPredicateOrShortCircuits(t *testing.T) {
	prog := compile(t, "long a;\nlong b;\nBEGIN\n/a || b/\n{\n\ttrace(a);\n}\n")
	s := stmt(t, prog, 4)
	loads := globalLoads(s)
	lb := loads[1:]
	if len(loads) != 2 || !isJump(s[1]) || s[1].OpCode.JumpOp() != asm.JNE {
		t.Fatalf("want a tested by a jump-if-true right after its load, then b loaded:\n%v", s)
	}
	skip := label(s, s[1].Reference())
	if skip <= lb[0] {
		t.Errorf("a's jump lands at %d, not past b's test (b loaded at %d):\n%v", skip, lb[0], s)
	}
}

// In a value, && evaluates its right side only when the left is true: the
// jump taken on a false left side lands past the right side's code.
func TestLogicalAndValueShortCircuits(t *testing.T) {
	prog := compile(t, "long a;\nlong b;\nlong c;\nBEGIN\n{\n\tc = a && b;\n}\n")
	s := stmt(t, prog, 6)
	loads := globalLoads(s)
	if len(loads) != 2 {
		t.Fatalf("want one load of a and one of b:\n%v", s)
	}
	la, lb := loads[:1], loads[1:]
	j := s[la[0]+1]
	if j.OpCode.JumpOp() != asm.JEq || j.Constant != 0 {
		t.Fatalf("a is followed by %v, want a jump when it is 0", j)
	}
	if to := label(s, j.Reference()); to <= lb[0] {
		t.Errorf("a == 0 jumps to %d, which does not skip b (loaded at %d):\n%v", to, lb[0], s)
	}
}

// An aggregation looks its key up and, on a hit, adds to this CPU's value
// in place; the map is updated only on the miss path, with BPF_NOEXIST,
// and then looked up again.
func TestAggregationUpdatesInPlace(t *testing.T) {
	prog := compile(t, "long x;\nBEGIN\n{\n\t@s = sum(x);\n}\n")
	s := stmt(t, prog, 4)
	lookups, updates := calls(s, asm.FnMapLookupElem), calls(s, asm.FnMapUpdateElem)
	if len(lookups) != 2 || len(updates) != 1 {
		t.Fatalf("want 2 lookups and 1 update, got %d and %d:\n%v", len(lookups), len(updates), s)
	}
	hit := s[lookups[0]+1]
	if hit.OpCode.JumpOp() != asm.JNE || hit.Constant != 0 {
		t.Fatalf("the first lookup is followed by %v, want a jump on a hit", hit)
	}
	found := label(s, hit.Reference())
	if !(lookups[0] < updates[0] && updates[0] < lookups[1] && lookups[1] < found) {
		t.Errorf("the update and second lookup are not on the miss path (lookup %d, update %d, lookup %d, hit at %d)",
			lookups[0], updates[0], lookups[1], found)
	}
	if r4 := s[updates[0]-1]; r4.OpCode.ALUOp() != asm.Mov || r4.Dst != asm.R4 || r4.Constant != 1 {
		t.Errorf("the update's flags %v, want r4 = 1 (BPF_NOEXIST)", r4)
	}
	// The hit path: a load, an add and a store through the value pointer,
	// no helper.
	var ld, add, st bool
	for _, ins := range s[found:] {
		switch {
		case ins.IsBuiltinCall():
			t.Errorf("helper call on the hit path: %v", ins)
		case ins.OpCode.Class() == asm.LdXClass && ins.Src == asm.R0:
			ld = true
		case ins.OpCode.ALUOp() == asm.Add && ins.OpCode.Source() == asm.RegSource:
			add = true
		case ins.OpCode == asm.StoreMemOp(asm.DWord) && ins.Dst == asm.R0:
			st = true
		}
	}
	if !ld || !add || !st {
		t.Errorf("hit path lacks the in-place load/add/store (%v %v %v):\n%v", ld, add, st, s[found:])
	}
}

// count() without keys looks up a key of 0, zeroed with one store, and
// adds 1 in place.
func TestCountWithoutKeysUsesZeroKey(t *testing.T) {
	prog := compile(t, "BEGIN\n{\n\t@c = count();\n}\n")
	s := stmt(t, prog, 3)
	z := s[0]
	if !isStoreImm(z) || z.OpCode.Size() != asm.DWord || z.Dst != asm.R9 || z.Constant != 0 {
		t.Fatalf("first instruction %v, want a 64-bit store of 0 into scratch (r9)", z)
	}
	lookup := calls(s, asm.FnMapLookupElem)[0]
	r2 := s[lookup-1]
	if r2.OpCode.ALUOp() != asm.Add || r2.Dst != asm.R2 || r2.Constant != int64(z.Offset) {
		t.Errorf("lookup key %v, want r2 = r9 + %d (the zeroed key)", r2, z.Offset)
	}
	if a := prog.Aggs[0]; a.KeySize != 8 || a.ValueSize != 8 {
		t.Errorf("count() map: key %d, value %d bytes, want 8 and 8", a.KeySize, a.ValueSize)
	}
	n := len(s)
	if s[n-1].OpCode.JumpOp() == asm.Ja && s[n-1].Symbol() != "" {
		n-- // the label a dropped key jumps to
	}
	if !(s[n-2].OpCode.ALUOp() == asm.Add && s[n-2].OpCode.Source() == asm.ImmSource && s[n-2].Constant == 1 &&
		s[n-1].OpCode == asm.StoreMemOp(asm.DWord) && s[n-1].Dst == asm.R0) {
		t.Errorf("count() does not end with += 1 stored through the value pointer:\n%v", s[n-3:])
	}
}

// Keys are built in scratch, a string one copied (zero-padded) with
// bpf_probe_read_kernel_str, an integer one stored after it.
func TestAggregationKeysInScratch(t *testing.T) {
	prog := compile(t, "string s;\nlong x;\nBEGIN\n{\n\t@[s, x] = count();\n}\n")
	// strsize (256) characters and a NUL, rounded up to 8 bytes.
	const slot = 264
	if a := prog.Aggs[0]; a.KeySize != slot+8 {
		t.Errorf("key size %d, want %d", a.KeySize, slot+8)
	}
	s := stmt(t, prog, 5)
	rd := calls(s, asm.FnProbeReadKernelStr)
	if len(rd) != 1 {
		t.Fatalf("want one string copy:\n%v", s)
	}
	dst := s[rd[0]-2] // r1 = r9 + key
	if dst.Dst != asm.R1 || dst.OpCode.ALUOp() != asm.Add {
		t.Fatalf("string copy destination %v", dst)
	}
	key := dst.Constant
	var stored bool
	for _, ins := range s[rd[0]:] {
		if ins.OpCode == asm.StoreMemOp(asm.DWord) && ins.Dst == asm.R9 && int64(ins.Offset) == key+slot {
			stored = true
		}
	}
	if !stored {
		t.Errorf("x is not stored after the string, at r9%+d:\n%v", key+slot, s)
	}
	lookup := calls(s, asm.FnMapLookupElem)[0]
	if r2 := s[lookup-1]; r2.Dst != asm.R2 || r2.Constant != key {
		t.Errorf("lookup key %v, want r2 = r9 + %d", r2, key)
	}
}

// Strings compare 8 bytes at a time from scratch copies of both operands,
// in a loop bounded by strsize, or by the words of a literal operand.
func TestStringCompareUsesScratchCopies(t *testing.T) {
	for _, tc := range []struct {
		expr  string
		words int64
	}{
		{`s < "abc"`, 1},
		{`"abcdefgh" < s`, 2},
		{`s != t`, 33},
	} {
		prog := compile(t, "string s, t;\nlong c;\nBEGIN\n{\n\tc = "+tc.expr+";\n}\n")
		s := stmt(t, prog, 5)
		rd := calls(s, asm.FnProbeReadKernelStr)
		if len(rd) != 2 {
			t.Fatalf("%s: want both strings copied, got %d copies:\n%v", tc.expr, len(rd), s)
		}
		var offs []int64
		for _, i := range rd {
			if r1 := s[i-2]; r1.Dst == asm.R1 && r1.OpCode.ALUOp() == asm.Add {
				offs = append(offs, r1.Constant)
			}
		}
		if len(offs) != 2 || offs[0] == offs[1] {
			t.Fatalf("%s: copies into %v, want two scratch buffers", tc.expr, offs)
		}
		// The loop reads through r1 and r2 set to the two copies.
		var p1, p2, words, bound bool
		for _, ins := range s[rd[1]:] {
			switch {
			case ins.OpCode.ALUOp() == asm.Add && ins.Dst == asm.R1 && ins.OpCode.Source() == asm.ImmSource && (ins.Constant == offs[0] || ins.Constant == offs[1]):
				p1 = true
			case ins.OpCode.ALUOp() == asm.Add && ins.Dst == asm.R2 && ins.OpCode.Source() == asm.ImmSource && (ins.Constant == offs[0] || ins.Constant == offs[1]):
				p2 = true
			case ins.OpCode == asm.LoadMemOp(asm.DWord) && (ins.Src == asm.R1 || ins.Src == asm.R2):
				words = true
			case ins.OpCode.JumpOp() == asm.JGE && ins.Constant == tc.words:
				bound = true
			}
		}
		if !p1 || !p2 || !words || !bound {
			t.Errorf("%s: compare loop: pointers %v %v, word loads %v, bound of %d words %v:\n%v", tc.expr, p1, p2, words, tc.words, bound, s)
		}
	}
}

// == and != against a literal read the other string once, the literal's
// length and two bytes of it (execname's comm from its helper), and
// compare its words with the literal's as immediates.
func TestStringEqualsLiteral(t *testing.T) {
	for _, tc := range []struct {
		expr  string
		size  int64 // bytes read of the other string; 0: execname's helper
		words []uint64
	}{
		{`s == "abc"`, 5, []uint64{0x636261}},
		{`"abcdefgh" != s`, 10, []uint64{0x6867666564636261, 0}},
		{`execname == "dtrace"`, 0, []uint64{0x656361727464}},
	} {
		prog := compile(t, "string s;\nlong c;\nBEGIN\n{\n\tc = "+tc.expr+";\n}\n")
		s := stmt(t, prog, 5)
		rd, comm := calls(s, asm.FnProbeReadKernelStr), calls(s, asm.FnGetCurrentComm)
		switch {
		case tc.size == 0 && (len(rd) != 0 || len(comm) != 1):
			t.Errorf("%s: %d string reads and %d comm reads, want the comm's alone:\n%v", tc.expr, len(rd), len(comm), s)
		case tc.size != 0 && len(rd) != 1:
			t.Errorf("%s: %d string reads, want 1:\n%v", tc.expr, len(rd), s)
		case tc.size != 0 && (s[rd[0]-1].Dst != asm.R2 || s[rd[0]-1].Constant != tc.size):
			t.Errorf("%s: read of %v, want r2 = %d", tc.expr, s[rd[0]-1], tc.size)
		}
		var words []uint64
		for _, ins := range s {
			if ins.OpCode.IsDWordLoad() && ins.Dst == asm.R5 {
				words = append(words, uint64(ins.Constant))
			}
		}
		if !slices.Equal(words, tc.words) {
			t.Errorf("%s: compared with words %#x, want %#x:\n%v", tc.expr, words, tc.words, s)
		}
	}
}

// The first instruction of the clause and of every statement carries its
// D source line, once, in source order.
func TestStatementsCarryLineComments(t *testing.T) {
	src := "long x;\nBEGIN\n/x == 0/\n{\n\tx = 1;\n\tif (x > 0) {\n\t\tx++;\n\t} else {\n\t\tx--;\n\t}\n\t@c = count();\n\ttrace(x);\n}\n"
	prog := compile(t, src)
	var got []string
	for _, ins := range prog.Clauses[0].Insns {
		if c := comment(ins); c != "" {
			got = append(got, c)
		}
	}
	want := []string{"test.d:2", "test.d:3", "test.d:5", "test.d:6", "test.d:7", "test.d:9", "test.d:11", "test.d:12"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("line comments %v, want %v", got, want)
	}
	if c := comment(prog.Clauses[0].Insns[0]); c != "test.d:2" {
		t.Errorf("the clause's first instruction carries %q", c)
	}
	// x = 1 starts with its constant; x++ with loading x.
	if s := stmt(t, prog, 5); !s[0].IsConstantLoad(asm.DWord) || s[0].Constant != 1 {
		t.Errorf("line 5 starts with %v", s[0])
	}
	if s := stmt(t, prog, 7); len(globalLoads(s[:1])) != 1 {
		t.Errorf("line 7 starts with %v", s[0])
	}
}

// Division by a variable tests the divisor for zero once (DTrace's
// divide-by-zero fault, where BPF would yield 0). Unsigned division is one
// instruction; signed division divides the magnitudes and fixes the sign.
func TestDivisionByVariable(t *testing.T) {
	prog := compile(t, "unsigned long u;\nunsigned long v;\nlong a;\nlong b;\nBEGIN\n{\n\tu = u / v;\n\ta = a / b;\n\ta = a % b;\n}\n")
	for _, c := range []struct {
		line int
		op   asm.ALUOp
		negs int
	}{{7, asm.Div, 0}, {8, asm.Div, 3}, {9, asm.Mod, 3}} {
		s := stmt(t, prog, c.line)
		divs, negs, zeroTests := 0, 0, 0
		for _, ins := range s {
			if ins.OpCode.Class().IsALU() && ins.OpCode.ALUOp() == c.op && ins.OpCode.Source() == asm.RegSource {
				divs++
				if ins.Src != asm.R1 {
					t.Errorf("line %d: divisor in %v, want r1", c.line, ins.Src)
				}
			}
			if ins.OpCode.ALUOp() == asm.Neg {
				negs++
			}
			if isJump(ins) && ins.Dst == asm.R1 && ins.OpCode.Source() == asm.ImmSource && ins.Constant == 0 &&
				(ins.OpCode.JumpOp() == asm.JEq || ins.OpCode.JumpOp() == asm.JNE) {
				zeroTests++
			}
		}
		if zeroTests != 1 {
			t.Errorf("line %d: the divisor is tested for zero %d times, want once:\n%v", c.line, zeroTests, s)
		}
		if divs != 1 || negs != c.negs {
			t.Errorf("line %d: %d %v and %d negations, want 1 and %d:\n%v", c.line, divs, c.op, negs, c.negs, s)
		}
	}
}

// printf() records its format's arguments in the clause's one record,
// sent with a single bpf_ringbuf_output of the record's size.
func TestPrintfOneRecord(t *testing.T) {
	prog := compile(t, "long a;\nstring s;\nBEGIN\n{\n\tprintf(\"%d %s\\n\", a, s);\n\ttrace(a);\n}\n")
	if len(prog.Records) != 1 {
		t.Fatalf("%d records, want 1", len(prog.Records))
	}
	r := prog.Records[0]
	var kinds []abi.FieldKind
	for _, f := range r.Fields {
		kinds = append(kinds, f.Kind)
	}
	want := []abi.FieldKind{abi.FieldPrintf, abi.FieldArg, abi.FieldArg, abi.FieldTrace}
	if fmt.Sprint(kinds) != fmt.Sprint(want) || r.Fields[0].NArgs != 2 {
		t.Fatalf("fields %v (printf args %d), want %v (2)", kinds, r.Fields[0].NArgs, want)
	}
	if f := r.Fields[1]; f.Offset != abi.HeaderSize || f.Size != 8 {
		t.Errorf("a at %d (%d bytes), want %d (8)", f.Offset, f.Size, abi.HeaderSize)
	}
	// A string field holds strsize characters and the NUL.
	if f := r.Fields[2]; f.Offset != abi.HeaderSize+8 || f.Size != 257 {
		t.Errorf("s at %d (%d bytes), want %d (257)", f.Offset, f.Size, abi.HeaderSize+8)
	}
	if r.Size != abi.HeaderSize+8+abi.StrSlot(256)+8 {
		t.Errorf("record size %d", r.Size)
	}
	insns := prog.Clauses[0].Insns
	out := calls(insns, asm.FnRingbufOutput)
	if len(out) != 1 {
		t.Fatalf("%d ring buffer outputs, want 1", len(out))
	}
	if r3 := insns[out[0]-1]; r3.Dst != asm.R3 || r3.Constant != int64(r.Size) {
		t.Errorf("output size %v, want r3 = %d", r3, r.Size)
	}
}

// exit() records its status, sets the exiting word of the globals value
// with one 64-bit store-immediate, and wakes the reader at once.
func TestExitSetsExiting(t *testing.T) {
	prog := compile(t, "BEGIN\n{\n\texit(3);\n}\n")
	s := stmt(t, prog, 3)
	set := -1
	for i, ins := range s {
		if isStoreImm(ins) && ins.OpCode.Size() == asm.DWord && ins.Dst == asm.R8 && ins.Offset == abi.GlobalExiting && ins.Constant == 1 {
			set = i
		}
	}
	if set < 0 {
		t.Fatalf("no store of 1 into the exiting word:\n%v", s)
	}
	if f := prog.Records[0].Fields; len(f) != 1 || f[0].Kind != abi.FieldExit {
		t.Errorf("record fields %v, want one exit field", f)
	}
	out := calls(s, asm.FnRingbufOutput)
	if len(out) != 1 || set > out[0] {
		t.Fatalf("want the record sent once, after the exiting word is set:\n%v", s)
	}
	if len(calls(s, asm.FnRingbufQuery)) != 0 {
		t.Errorf("exit's record queries the ring buffer's fill instead of waking the reader")
	}
	wake := false
	for _, ins := range s[set:out[0]] {
		if ins.Dst == asm.R4 && ins.OpCode.ALUOp() == asm.Mov && ins.Constant == 2 {
			wake = true
		}
	}
	if !wake {
		t.Errorf("exit's record is not sent with BPF_RB_FORCE_WAKEUP")
	}
}

// self-> variables live in a hash map keyed by the thread (pid_tgid
// first), updated first with BPF_EXIST (a new element is one of the
// dynamic variables' pool).
func TestSelfVariableKeyedByThread(t *testing.T) {
	prog := compile(t, "BEGIN\n{\n\tself->x = 1;\n}\n")
	s := stmt(t, prog, 3)
	tid := calls(s, asm.FnGetCurrentPidTgid)
	upd := calls(s, asm.FnMapUpdateElem)
	if len(tid) != 1 || len(upd) == 0 || tid[0] > upd[0] {
		t.Fatalf("want the thread id taken, then the update:\n%v", s)
	}
	if r4 := s[upd[0]-1]; r4.Dst != asm.R4 || r4.Constant != 2 {
		t.Errorf("update flags %v, want r4 = 2 (BPF_EXIST)", r4)
	}
	var m *codegen.MapDesc
	for _, d := range prog.Maps {
		if d.Name == "s_x" {
			m = d
		}
	}
	if m == nil || m.Kind != codegen.HashMap || m.KeySize != 8 {
		t.Errorf("self->x map %+v, want a hash map named s_x keyed by 8 bytes", m)
	}
}

// Assigning 0 to an associative array element deletes it.
func TestAssocZeroDeletes(t *testing.T) {
	prog := compile(t, "long a[long];\nBEGIN\n{\n\ta[1] = 0;\n\ta[2] = 5;\n}\n")
	if s := stmt(t, prog, 4); len(calls(s, asm.FnMapDeleteElem)) != 1 || len(calls(s, asm.FnMapUpdateElem)) != 0 {
		t.Errorf("a[1] = 0: want a delete and no update:\n%v", s)
	}
	if s := stmt(t, prog, 5); len(calls(s, asm.FnMapDeleteElem)) != 0 || len(calls(s, asm.FnMapUpdateElem)) == 0 {
		t.Errorf("a[2] = 5: want an update and no delete:\n%v", s)
	}
}

// The dynamic variables share one pool of elements: each map is as large
// as the pool (dynvarsize over the largest key and value), a new element
// takes one from the globals' count against the pool's size, a deleted one
// gives it back.
func TestDynVarPool(t *testing.T) {
	prog := compileOpts(t, "long a[long];\nBEGIN\n{\n\ta[1] = 5;\n\tself->s = \"x\";\n\ta[1] = 0;\n}\n",
		codegen.Options{DynVarSize: 1 << 16})
	var keys, vals int
	var dyn []*codegen.MapDesc
	for _, d := range prog.Maps {
		if d.Name == "g_a" || d.Name == "s_s" {
			dyn = append(dyn, d)
			keys, vals = max(keys, (d.KeySize+7)&^7), max(vals, (d.ValueSize+7)&^7)
		}
	}
	pool := (1 << 16) / (keys + vals)
	if len(dyn) != 2 || prog.DynVars != pool {
		t.Fatalf("maps %v, pool %d, want two variables sharing %d elements", dyn, prog.DynVars, pool)
	}
	for _, d := range dyn {
		if d.MaxEntries != pool {
			t.Errorf("%s: %d entries, want the pool's %d", d.Name, d.MaxEntries, pool)
		}
	}
	takes := func(s asm.Instructions) (take, give, limit int) {
		for _, ins := range s {
			if ins.OpCode.Class() == asm.StXClass && ins.OpCode.Mode() == asm.AtomicMode && ins.Dst == asm.R8 && ins.Offset == abi.GlobalDynVars {
				if ins.OpCode.AtomicOp() == asm.FetchAdd {
					take++
				} else {
					give++
				}
			}
			if ins.IsConstantLoad(asm.DWord) && ins.Constant == int64(pool) {
				limit++
			}
		}
		return
	}
	if take, give, limit := takes(stmt(t, prog, 4)); take != 1 || give == 0 || limit != 1 {
		t.Errorf("a[1] = 5: takes %d, gives back %d, compares with the pool %d times; want 1, some, 1", take, give, limit)
	}
	if take, give, _ := takes(stmt(t, prog, 6)); take != 0 || give != 1 {
		t.Errorf("a[1] = 0: takes %d, gives back %d; want 0, 1", take, give)
	}
}

// this-> variables live in the scratch value (R9): no helper, no map.
func TestThisVariableInScratch(t *testing.T) {
	prog := compile(t, "long x;\nBEGIN\n{\n\tthis->t = 1;\n\tx = this->t;\n}\n")
	st := stmt(t, prog, 4)
	ld := stmt(t, prog, 5)
	if last := st[len(st)-1]; last.OpCode.Class() != asm.StXClass || last.Dst != asm.R9 {
		t.Fatalf("this->t = 1 ends with %v, want a store into r9", last)
	}
	off := st[len(st)-1].Offset
	if !isLoadFrom(ld[0], asm.R9, off) {
		t.Errorf("this->t is read with %v, want a load from r9%+d", ld[0], off)
	}
	for _, ins := range append(st, ld...) {
		if ins.IsBuiltinCall() {
			t.Errorf("helper call for a this-> variable: %v", ins)
		}
	}
}

// Maps are referred to by name (the loader resolves them): each map
// pointer load names a map the program describes or a fixed one.
func TestMapReferencesAreSymbolic(t *testing.T) {
	prog := compile(t, "long a[long];\nBEGIN\n{\n\ta[1] = 2;\n\tself->x = 1;\n\t@c = count();\n\ttrace(a[1]);\n}\n")
	known := map[string]bool{abi.ScratchMap: true, abi.GlobalsMap: true, abi.StringsMap: true,
		abi.ProbesMap: true, abi.RingMap: true}
	for _, m := range prog.Maps {
		known[m.Name] = true
	}
	n := 0
	for _, ins := range prog.Clauses[0].Insns {
		if !ins.IsLoadFromMap() {
			continue
		}
		n++
		if !known[ins.Reference()] || ins.Constant != 0 {
			t.Errorf("map load %v refers to %q", ins, ins.Reference())
		}
	}
	if n == 0 {
		t.Error("no map pointer loads")
	}
}

// quantize() and llquantize() find their bucket in straight-line code (no
// backward jump), then add the increment to the bucket in place.
func TestQuantizationsHaveNoLoops(t *testing.T) {
	prog := compile(t, "long x;\nBEGIN\n{\n\t@q = quantize(x);\n\t@l = llquantize(x, 10, 0, 2, 10);\n\t@m = lquantize(x, 0, 100, 10);\n}\n")
	for _, line := range []int{4, 5, 6} {
		s := stmt(t, prog, line)
		for i, ins := range s {
			if isJump(ins) && ins.Reference() != "" {
				if to := label(s, ins.Reference()); to >= 0 && to <= i {
					t.Errorf("line %d: backward jump at %d to %d", line, i, to)
				}
			}
		}
		if len(calls(s[calls(s, asm.FnMapLookupElem)[1]+1:], asm.FnMapUpdateElem)) != 0 {
			t.Errorf("line %d: a map update after the lookups", line)
		}
	}
}

// llquantize() tests |value| against each magnitude's end, divides by
// the magnitude's step width (none for unit steps), and counts into
// abi.LLQuantizeBins buckets in Oracle's layout: the offset from the
// zero bucket (28 of 57) added for positive values and subtracted for
// negative ones, the edge buckets 0 and 56.
func TestLLQuantizeMagnitudes(t *testing.T) {
	prog := compile(t, "long x;\nBEGIN\n{\n\t@l = llquantize(x, 10, 0, 2, 10);\n}\n")
	if a := prog.Aggs[0]; a.ValueSize != 8*abi.LLQuantizeBins(10, 0, 2, 10) || a.ValueSize != 8*57 {
		t.Errorf("value size %d, want %d", a.ValueSize, 8*57)
	}
	s := stmt(t, prog, 4)
	var ends, widths []int64
	for i := 0; i+1 < len(s); i++ {
		if s[i].IsConstantLoad(asm.DWord) && s[i].Dst == asm.R4 {
			switch n := s[i+1]; {
			case n.OpCode.JumpOp() == asm.JGE && n.OpCode.Source() == asm.RegSource && n.Src == asm.R4:
				ends = append(ends, s[i].Constant)
			case n.OpCode.ALUOp() == asm.Div && n.Src == asm.R4:
				widths = append(widths, s[i].Constant)
			}
		}
	}
	if fmt.Sprint(ends) != "[10 100 1000]" || fmt.Sprint(widths) != "[10 100]" {
		t.Errorf("magnitude ends %v, widths %v; want [10 100 1000], [10 100]", ends, widths)
	}
	// The edge buckets are the first and the last; the zero bucket is
	// the middle one.
	var edges []int64
	zero := 0
	for _, ins := range s {
		if ins.OpCode.Class() == asm.ALU64Class && ins.Dst == asm.R2 && ins.OpCode.Source() == asm.ImmSource {
			switch {
			case ins.OpCode.ALUOp() == asm.Mov && ins.Constant != 0:
				edges = append(edges, ins.Constant)
			case ins.OpCode.ALUOp() == asm.Mov && len(edges) > 0:
				edges = append(edges, ins.Constant)
			case ins.OpCode.ALUOp() == asm.Add && ins.Constant == 28:
				zero++
			}
		}
	}
	if fmt.Sprint(edges) != "[56 0]" || zero != 2 {
		t.Errorf("edge buckets %v, %d additions of the zero bucket; want [56 0], 2:\n%v", edges, zero, s)
	}
}

// A construct the code generator does not compile fails with a
// *codegen.Error wrapping ErrNotSupported, naming it and its line: here an
// llquantize() whose value would not fit in scratch.
func TestNotSupportedErrors(t *testing.T) {
	_, err := build("BEGIN\n{\n\t@ = llquantize(1, 10, 2, 6, 1000);\n}\n")
	var ce *codegen.Error
	if !errors.As(err, &ce) || !errors.Is(err, codegen.ErrNotSupported) || ce.Pos.Line != 3 {
		t.Fatalf("error %v, want a *codegen.Error at line 3 wrapping ErrNotSupported", err)
	}
	if want := "line 3: llquantize() with 9003 buckets (at most 2048) is not supported yet"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
}

// trace() of a value DTrace records by reference (an array, a char array
// included, a struct, a union) records its bytes as tracemem() does; a
// string stays a string. A struct is as large as DTrace's CTF library
// makes it: its last member's end (struct p is 6 bytes).
func TestTraceByReference(t *testing.T) {
	prog := compile(t, "char n[6];\nstruct p { int x; short y; } s;\nBEGIN\n{\n\ttrace(n);\n\ttrace(s);\n\ttrace(stringof(n));\n}\n")
	fs := prog.Records[0].Fields
	if len(fs) != 3 {
		t.Fatalf("%d fields, want 3: %+v", len(fs), fs)
	}
	for i, want := range []struct {
		kind abi.FieldKind
		size int
	}{{abi.FieldTracemem, 6}, {abi.FieldTracemem, 6}, {abi.FieldTrace, 257}} {
		if fs[i].Kind != want.kind || fs[i].Size != want.size {
			t.Errorf("field %d: kind %v size %d, want kind %v size %d", i, fs[i].Kind, fs[i].Size, want.kind, want.size)
		}
	}
}
