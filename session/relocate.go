package session

import (
	"fmt"

	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/dscript/ktypes"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// relocate sets the kernel member offsets prog reads to the running
// kernel's, read from k (the default BTF when k is nil). A program that
// reads no kernel member needs no BTF.
func relocate(prog *codegen.Program, k *ktypes.Kernel) error {
	if !prog.NeedsKernelTypes() {
		return nil
	}
	if k == nil {
		k = ktypes.Open("")
	}
	if err := k.Err(); err != nil {
		return fmt.Errorf("read kernel types: %w", err)
	}
	return prog.Relocate(func(kind, tag string) *types.Type { return k.Type(kind, tag) })
}
