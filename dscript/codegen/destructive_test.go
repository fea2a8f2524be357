package codegen_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/codegen"
)

func TestRaiseStop(t *testing.T) {
	prog := compile(t, "BEGIN\n{\nraise(10);\nstop();\n}\n")
	raise := stmt(t, prog, 3)
	at := calls(raise, asm.FnSendSignalThread)
	if len(at) != 1 {
		t.Fatalf("raise() calls send_signal_thread %d times:\n%v", len(at), raise)
	}
	// The signal is checked against 1..64 before it is sent.
	checks := 0
	for _, ins := range raise[:at[0]] {
		if ins.OpCode.Class().IsJump() && ins.Dst == asm.R1 && (ins.Constant == 1 || ins.Constant == 64) {
			checks++
		}
	}
	if checks != 2 {
		t.Errorf("raise() checks the signal number %d times, want 2:\n%v", checks, raise)
	}
	stop := stmt(t, prog, 4)
	at = calls(stop, asm.FnSendSignal)
	if len(at) != 1 || at[0] == 0 || stop[at[0]-1].Constant != 19 || stop[at[0]-1].Dst != asm.R1 {
		t.Errorf("stop() does not send SIGSTOP to the process:\n%v", stop)
	}
}

func TestNeverCompiled(t *testing.T) {
	for _, name := range []string{"panic", "breakpoint"} {
		_, err := build("BEGIN\n{\n" + name + "();\n}\n")
		var ce *codegen.Error
		if !errors.As(err, &ce) || ce.What != name+"()" || !errors.Is(err, codegen.ErrNotSupported) || ce.Pos.Line != 3 {
			t.Errorf("%s(): %v, want line 3: %s() is not supported yet", name, err, name)
		}
	}
}

func TestSystemFreopenFields(t *testing.T) {
	prog := compile(t, `BEGIN { system("echo %d %s", 1, "x"); freopen("/tmp/f%d", 2); freopen(""); }`)
	fs := prog.Records[0].Fields
	kinds := []abi.FieldKind{abi.FieldSystem, abi.FieldArg, abi.FieldArg, abi.FieldFreopen, abi.FieldArg, abi.FieldFreopen}
	if len(fs) != len(kinds) {
		t.Fatalf("%d fields, want %d", len(fs), len(kinds))
	}
	for i, k := range kinds {
		if fs[i].Kind != k {
			t.Errorf("field %d: kind %d, want %d", i, fs[i].Kind, k)
		}
	}
	if fs[0].NArgs != 2 || fs[0].Format == nil || fs[3].NArgs != 1 || fs[3].Format == nil {
		t.Errorf("system/freopen: NArgs %d %d, formats %v %v", fs[0].NArgs, fs[3].NArgs, fs[0].Format, fs[3].Format)
	}
	if fs[5].Format != nil || fs[5].NArgs != 0 {
		t.Errorf(`freopen(""): format %v, %d args; want none (restore)`, fs[5].Format, fs[5].NArgs)
	}
}

func TestSystemInBranch(t *testing.T) {
	// A system() in a branch not taken must not run: the branch has a
	// record of its own.
	prog := compile(t, "BEGIN\n{\nprintf(\"a\");\nif (arg0 == 1) {\nsystem(\"b\");\n}\n}\n")
	if len(prog.Records) != 2 {
		t.Fatalf("%d records, want 2 (the branch's own)", len(prog.Records))
	}
	if k := prog.Records[1].Fields[0].Kind; k != abi.FieldSystem {
		t.Errorf("the branch's record holds kind %d, want system()", k)
	}
}

func TestTracememField(t *testing.T) {
	prog := compile(t, "BEGIN\n{\ntracemem(arg0, 20);\ntracemem(arg0, 32, arg1);\n}\n")
	fs := prog.Records[0].Fields
	if len(fs) != 3 || fs[0].Kind != abi.FieldTracemem || fs[0].Size != 20 || fs[0].NArgs != 0 ||
		fs[1].Kind != abi.FieldTracemem || fs[1].Size != 32 || fs[1].NArgs != 1 || fs[2].Kind != abi.FieldArg {
		t.Fatalf("fields %+v %+v", fs[0], fs[1])
	}
	s := stmt(t, prog, 3)
	at := calls(s, asm.FnProbeReadKernel)
	if len(at) != 1 {
		t.Fatalf("tracemem() reads %d times:\n%v", len(at), s)
	}
	// The size is the constant.
	found := false
	for _, ins := range s[:at[0]] {
		if ins.Dst == asm.R2 && ins.Constant == 20 {
			found = true
		}
	}
	if !found {
		t.Errorf("tracemem(arg0, 20) does not read 20 bytes:\n%v", s)
	}
	if _, err := build("BEGIN { tracemem(arg0, 100000); }"); !errors.Is(err, codegen.ErrNotSupported) {
		t.Errorf("tracemem of 100000 bytes: %v", err)
	}
}

func TestCopyout(t *testing.T) {
	prog := compile(t, "BEGIN\n{\ncopyout((void *)arg0, arg1, 8);\ncopyoutstr(\"abc\", arg1, 4);\ncopyout((void *)arg0, arg1, arg2);\n}\n")
	for _, line := range []int{3, 4, 5} {
		s := stmt(t, prog, line)
		if n := len(calls(s, asm.FnProbeWriteUser)); n != 1 {
			t.Errorf("line %d: %d calls of probe_write_user:\n%v", line, n, s)
		}
	}
	// A size that is not a constant is checked against the buffer.
	s := stmt(t, prog, 5)
	if !strings.Contains(s.String(), "clause_0_fault") {
		t.Errorf("copyout() of a variable size has no fault exit:\n%v", s)
	}
	if _, err := build("BEGIN { copyout((void *)arg0, arg1, 1000000); }"); !errors.Is(err, codegen.ErrNotSupported) {
		t.Errorf("copyout of 1000000 bytes: %v", err)
	}
}

func TestChill(t *testing.T) {
	prog := compile(t, "BEGIN\n{\nchill(1000);\n}\n")
	s := stmt(t, prog, 3)
	mayGoto := 0
	for _, ins := range s {
		if ins.OpCode.Class().IsJump() && ins.OpCode.JumpOp() == asm.JumpOp(0xe0) {
			mayGoto++
		}
	}
	if mayGoto != 1 {
		t.Errorf("chill() has %d may_goto, want 1:\n%v", mayGoto, s)
	}
	if len(calls(s, asm.FnKtimeGetNs)) != 3 {
		t.Errorf("chill() reads the clock %d times, want 3 (start, loop, end)", len(calls(s, asm.FnKtimeGetNs)))
	}
	n := 0
	for _, m := range prog.Maps {
		if m.Name == abi.ChillMap {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d chill maps", n)
	}
	prog = compile(t, "BEGIN { chill(1); } END { chill(2); }")
	n = 0
	for _, m := range prog.Maps {
		if m.Name == abi.ChillMap {
			n++
		}
	}
	if n != 1 {
		t.Errorf("two chill() calls: %d chill maps, want 1", n)
	}
}

// return(rc) calls bpf_override_return with the program's own context,
// spilled by the clause's prologue (the trampoline passes it in R2, as it
// does for stacks), and rc; ClauseOverrides tells such a clause, whose
// probes the provider attaches where the kernel lets it override.
func TestReturnOverride(t *testing.T) {
	prog := compile(t, `fbt::vfs_read:entry
{
	return(-5);
}
fbt::vfs_read:entry
{
	trace(1);
}
`)
	cl := prog.Clauses[0]
	if !codegen.ReadsRawCtx(cl) || !codegen.ClauseOverrides(cl) || codegen.ClauseOverrides(prog.Clauses[1]) {
		t.Fatalf("reads the context %v, overrides %v, %v", codegen.ReadsRawCtx(cl), codegen.ClauseOverrides(cl),
			codegen.ClauseOverrides(prog.Clauses[1]))
	}
	insns := stmt(t, prog, 3)
	i := slices.IndexFunc(insns, func(ins asm.Instruction) bool {
		return ins.IsBuiltinCall() && ins.Constant == int64(asm.FnOverrideReturn)
	})
	if i < 2 {
		t.Fatalf("no call of bpf_override_return:\n%v", insns)
	}
	ctx, rc := insns[i-1], insns[i-2]
	if ctx.OpCode.Class() != asm.LdXClass || ctx.Dst != asm.R1 || ctx.Src != asm.RFP ||
		rc.Dst != asm.R2 || rc.Src != asm.R0 {
		t.Errorf("the call's arguments:\n%v", insns[:i+1])
	}
}
