package bpf_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"golang.org/x/sys/unix"

	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/bpf/bpftest"
)

func TestLoadOK(t *testing.T) {
	bpftest.RequireProgramType(t, ebpf.RawTracepoint)
	prog, err := bpf.Load(&ebpf.ProgramSpec{
		Type: ebpf.RawTracepoint, License: "GPL",
		Instructions: asm.Instructions{asm.Mov.Imm(asm.R0, 0), asm.Return()},
	}, &bpf.LoadOptions{LogLevel: ebpf.LogLevelStats})
	if err != nil {
		t.Fatal(err)
	}
	defer prog.Close()
	if !strings.Contains(prog.VerifierLog, "processed") {
		t.Errorf("verifier log not kept: %q", prog.VerifierLog)
	}
}

func TestLoadVerifierError(t *testing.T) {
	bpftest.RequireProgramType(t, ebpf.RawTracepoint)
	spec := &ebpf.ProgramSpec{
		Name: "bad", Type: ebpf.RawTracepoint, License: "GPL",
		Instructions: asm.Instructions{
			asm.Mov.Imm(asm.R0, 0).WithSource(asm.Comment("script.d:1: clause 1")),
			// A 16-byte instruction, so raw indices and positions differ.
			asm.LoadImm(asm.R2, 1<<40, asm.DWord).WithSource(asm.Comment("script.d:2: clause 2")),
			asm.Mov.Reg(asm.R0, asm.R2),
			asm.Mov.Reg(asm.R0, asm.R3).WithSource(asm.Comment("script.d:3: clause 3")),
			asm.Mov.Imm(asm.R0, 0),
			asm.Return(),
		},
	}
	_, err := bpf.Load(spec, nil)
	var ve *bpf.VerifierError
	if !errors.As(err, &ve) {
		t.Fatalf("want *VerifierError, got %v", err)
	}
	if !errors.Is(err, unix.EACCES) {
		t.Errorf("error does not match EACCES: %v", err)
	}
	if ve.Insn != 4 || ve.Index != 3 {
		t.Errorf("rejected insn %d (index %d), want 4 (index 3)", ve.Insn, ve.Index)
	}
	if ve.Source != "script.d:3: clause 3" {
		t.Errorf("source %q, want script.d:3: clause 3", ve.Source)
	}
	if !strings.Contains(ve.Reason, "R3 !read_ok") {
		t.Errorf("reason %q, want R3 !read_ok", ve.Reason)
	}
	if len(ve.Log) == 0 {
		t.Error("no log")
	}
	t.Log(err)
}

func TestLoadVerifierErrorCFG(t *testing.T) {
	bpftest.RequireProgramType(t, ebpf.RawTracepoint)
	spec := &ebpf.ProgramSpec{
		Name: "unreachable", Type: ebpf.RawTracepoint, License: "GPL",
		Instructions: asm.Instructions{
			asm.Mov.Imm(asm.R0, 0).WithSource(asm.Comment("a.d:1")),
			asm.Return(),
			asm.Mov.Imm(asm.R0, 1).WithSource(asm.Comment("a.d:2")),
			asm.Return(),
		},
	}
	_, err := bpf.Load(spec, nil)
	var ve *bpf.VerifierError
	if !errors.As(err, &ve) {
		t.Fatalf("want *VerifierError, got %v", err)
	}
	if ve.Insn != 2 || ve.Source != "a.d:2" {
		t.Errorf("insn %d source %q, want 2 a.d:2 (log %q)", ve.Insn, ve.Source, ve.Log)
	}
	t.Log(err)
}
