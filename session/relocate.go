package session

import (
	"fmt"

	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/dscript/ktypes"
)

// relocate sets the kernel member offsets prog reads to the running
// kernel's, read from k (the default BTF when k is nil). A program that
// reads no kernel member needs no BTF.
func relocate(prog *codegen.Program, k *ktypes.Kernel) error {
	if !prog.NeedsKernelTypes() {
		return nil
	}
	k = kernelOrDefault(k)
	if err := k.Err(); err != nil {
		return fmt.Errorf("read kernel types: %w", err)
	}
	return prog.Relocate(k.Type)
}

// kernelOrDefault returns k, or the default BTF's types when k is nil.
func kernelOrDefault(k *ktypes.Kernel) *ktypes.Kernel {
	if k == nil {
		return ktypes.Open("")
	}
	return k
}
