package codegen

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/cilium/ebpf/asm"
)

// Fprint writes insns as dtrace -S shows them: each function's symbol,
// each D source line before the code it compiled to, one instruction a
// line, and the kernel member an instruction's offset is relocated to.
func Fprint(w io.Writer, insns asm.Instructions) error {
	width := int(math.Ceil(math.Log10(float64(len(insns)*2 + 1))))
	var b strings.Builder
	iter := insns.Iterate()
	for iter.Next() {
		if sym := iter.Ins.Symbol(); sym != "" {
			fmt.Fprintf(&b, "%s:\n", sym)
		}
		if src := iter.Ins.Source(); src != nil {
			if line := strings.TrimSpace(src.String()); line != "" {
				fmt.Fprintf(&b, "\t%*s; %s\n", width, " ", line)
			}
		}
		fmt.Fprintf(&b, "\t%*d: %v", width, iter.Offset, iter.Ins)
		if f := KernelFieldOf(iter.Ins); f != nil {
			fmt.Fprintf(&b, " ; offsetof(%s)", f)
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}
