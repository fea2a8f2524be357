package codegen_test

import (
	"testing"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/dscript"
	"github.com/dtrace-go/dtrace/dscript/codegen"
)

// An ordinary record is sent without a helper call besides the output
// itself: its CPU's count of bytes sent (in the scratch value) decides
// whether it wakes the reader, against the runner's mark in the globals.
func TestRecordWakesByBytesSent(t *testing.T) {
	prog := compile(t, "BEGIN\n{\n\tprintf(\"%d\\n\", pid);\n}\n")
	s := prog.Clauses[0].Insns
	out := calls(s, asm.FnRingbufOutput)
	if len(out) != 1 {
		t.Fatalf("%d ring buffer outputs, want 1", len(out))
	}
	if n := len(calls(s, asm.FnRingbufQuery)); n != 0 {
		t.Errorf("%d bpf_ringbuf_query calls, want none", n)
	}
	var loadSent, storeSent, mark, quiet, force bool
	for _, ins := range s[:out[0]] {
		switch {
		case isLoadFrom(ins, asm.R9, abi.ScratchSent):
			loadSent = true
		case ins.OpCode.Class() == asm.StXClass && ins.Dst == asm.R9 && ins.Offset == abi.ScratchSent:
			storeSent = true
		case isLoadFrom(ins, asm.R8, abi.GlobalWakeAt):
			mark = true
		case ins.Dst == asm.R4 && ins.OpCode.ALUOp() == asm.Mov && ins.Constant == bpf.RingNoWakeup:
			quiet = true
		case ins.Dst == asm.R4 && ins.OpCode.ALUOp() == asm.Mov && ins.Constant == bpf.RingForceWakeup:
			force = true
		}
	}
	if !loadSent || !storeSent || !mark || !quiet || !force {
		t.Errorf("bytes sent loaded %v, stored %v; mark read %v; flags no-wakeup %v, force %v:\n%v",
			loadSent, storeSent, mark, quiet, force, s)
	}
}

// The programs count a record's bytes in the ring buffer with the same
// header size as the reader that walks it.
func TestRingHeaderSize(t *testing.T) {
	if abi.RingHeaderSize != bpf.RingHeaderSize {
		t.Errorf("abi.RingHeaderSize is %d, bpf.RingHeaderSize %d", abi.RingHeaderSize, bpf.RingHeaderSize)
	}
}

// execname is recorded at the size of a task's comm, written there by
// bpf_get_current_comm; other strings take strsize bytes and their NUL,
// not cleared first.
func TestRecordStrings(t *testing.T) {
	prog := compile(t, "string s;\nBEGIN\n{\n\tprintf(\"%s %s\\n\", execname, s);\n}\n")
	r := prog.Records[0]
	if len(r.Fields) != 3 {
		t.Fatalf("%d fields, want 3", len(r.Fields))
	}
	if f := r.Fields[1]; f.Size != 16 || !f.Type.IsString() {
		t.Errorf("execname field of %d bytes (%s), want 16 (string)", f.Size, f.Type)
	}
	if f := r.Fields[2]; f.Size != 257 || f.Offset != r.Fields[1].Offset+16 {
		t.Errorf("s at %d (%d bytes), want %d (257)", f.Offset, f.Size, r.Fields[1].Offset+16)
	}
	s := stmt(t, prog, 4)
	comm := calls(s, asm.FnGetCurrentComm)
	if len(comm) != 1 || s[comm[0]-1].Dst != asm.R2 || s[comm[0]-1].Constant != 16 {
		t.Fatalf("want one bpf_get_current_comm of 16 bytes:\n%v", s)
	}
	zeros := 0
	for _, ins := range s {
		if isStoreImm(ins) && ins.Dst == asm.R9 && ins.Constant == 0 && ins.OpCode.Size() == asm.DWord {
			zeros++
		}
	}
	if zeros != 0 {
		t.Errorf("%d 8-byte zero stores: a recorded string is cleared first:\n%v", zeros, s)
	}
}

// With a strsize smaller than a comm, execname is recorded as any string.
func TestRecordExecnameSmallStrsize(t *testing.T) {
	p := compileOpts(t, "BEGIN\n{\n\ttrace(execname);\n}\n", codegen.Options{StrSize: 8})
	if f := p.Records[0].Fields[0]; f.Size != 9 {
		t.Errorf("execname field of %d bytes with strsize 8, want 9", f.Size)
	}
}

// compileOpts checks and compiles src as the script test.d with opts.
func compileOpts(t *testing.T, src string, opts codegen.Options) *codegen.Program {
	t.Helper()
	p, err := dscript.New(dscript.Config{Args: []string{"test.d"}}).Compile(dscript.Source{Kind: dscript.Script, Name: "test.d", Text: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	prog, err := codegen.Compile([]codegen.Unit{{File: p.File, Info: p.Info}}, opts)
	if err != nil {
		t.Fatal(err)
	}
	return prog
}
