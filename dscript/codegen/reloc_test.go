package codegen

import (
	"errors"
	"testing"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/dscript/ktypes"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// The kernel's types are those dscript/ktypes converts.
func TestKernelModule(t *testing.T) {
	if kernelModule != ktypes.Module {
		t.Errorf("kernelModule is %q, ktypes.Module %q", kernelModule, ktypes.Module)
	}
}

// A kernel member offset is resolved against the types the loader is
// given, not those the program was compiled with.
func TestKernelFieldRelocate(t *testing.T) {
	inner := &types.Type{Kind: types.Struct, Size: 16, Complete: true, Members: []types.Member{
		{Name: "a", Type: types.LongType, Offset: 0}, {Name: "b", Type: types.LongType, Offset: 8}}}
	task := &types.Type{Kind: types.Struct, Name: "task", Module: kernelModule, Size: 64, Complete: true, Members: []types.Member{
		{Name: "pid", Type: types.IntType, Offset: 40},
		{Name: "se", Type: inner, Offset: 48},
	}}
	lookup := func(kind, tag string) *types.Type {
		if kind == "struct" && tag == "task" {
			return task
		}
		return nil
	}
	insns := asm.Instructions{
		addField(asm.R0, "struct", "task", []string{"pid"}, 4),
		asm.Mov.Imm(asm.R1, 7),
		addField(asm.R3, "struct", "task", []string{"se", "b"}, 4),
	}
	if err := RelocateInsns(insns, lookup); err != nil {
		t.Fatal(err)
	}
	if insns[0].Constant != 40 || insns[2].Constant != 8 || insns[1].Constant != 7 {
		t.Fatalf("relocated constants %d, %d, %d; want 40, 7, 8", insns[0].Constant, insns[1].Constant, insns[2].Constant)
	}
	for _, f := range []*KernelField{
		{Kind: "struct", Tag: "task", Path: []string{"nope"}},
		{Kind: "struct", Tag: "other", Path: []string{"pid"}},
		{Kind: "union", Tag: "task", Path: []string{"pid"}},
		{Kind: "struct", Tag: "task"},
	} {
		if _, err := f.Offset(lookup); !errors.Is(err, ErrKernelField) {
			t.Errorf("%s: err = %v, want ErrKernelField", f, err)
		}
	}
}
