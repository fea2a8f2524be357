package codegen

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/ast"
)

// Loops shared as functions.
//
// A loop the verifier unrolls (loop) costs it every iteration at every
// call site: a clause of a few dozen index() calls on strsize strings
// passes the kernel's million instructions. sharedLoop compiles the body
// once as bpf_loop's callback instead, a function of the program that
// every call site with the same body calls: the verifier walks the body
// until its state converges (a couple of times) per call site, and the
// program holds it once.
//
// The body addresses the scratch space only within a block the call
// site allocates, at offsets from the block's start: in the callback, R9
// is the block's address (which the call site passes in the loop's
// context, a slot of the clause's stack), R6 the iteration, R7 the string
// table when the body reads it. Whatever varies from one call site to the
// next goes in the block, so that bodies compile alike and are shared.

// sharedLoop runs body for iterations 0 to n-1, or up to its break, as
// bpf_loop's callback, with R9 the scratch block at R9+block of the
// clause (see above). body emits with f, and jumps to brk to end the loop
// and to next (or falls through) to go on; it must not fault.
func (c *clauseGen) sharedLoop(x ast.Node, n, block int, body func(f *clauseGen, brk, next string)) {
	if c.depth >= maxDepth {
		c.fail(x, "an expression nested this deeply")
	}
	sym := c.g.loopFunc(body)
	c.shared = appendOnce(c.shared, sym)
	slot := c.slot(c.depth)
	c.scratchAddr(asm.R1, block)
	c.emit(
		asm.StoreMem(asm.RFP, slot, asm.R1, asm.DWord),
		asm.Mov.Imm(asm.R1, int32(n)),
		asm.Instruction{OpCode: asm.LoadImmOp(asm.DWord), Dst: asm.R2, Src: asm.PseudoFunc, Constant: -1}.WithReference(sym),
		asm.Mov.Reg(asm.R3, asm.RFP), asm.Add.Imm(asm.R3, int32(slot)),
		asm.Mov.Imm(asm.R4, 0),
	)
	c.call(asm.FnLoop)
}

// loopFunc returns the symbol of the program's callback running body,
// compiling it the first time a body compiles to it.
func (g *gen) loopFunc(body func(f *clauseGen, brk, next string)) string {
	sym := "loop_" + strconv.Itoa(len(g.loopFuncs))
	f := &clauseGen{g: g, sym: sym, comment: g.cl.comment}
	if f.comment == "" {
		f.comment = fmt.Sprintf("%s:%d", g.file.Name, g.cl.line)
	}
	brk, next := f.newLabel(), f.newLabel()
	f.emit(
		asm.Mov.Reg(asm.R6, asm.R1).WithSymbol(sym),
		asm.LoadMem(regCtx, asm.R2, 0, asm.DWord),
	)
	strtab := len(f.insns)
	f.valuePtr(regStrings, abi.StringsMap)
	body(f, brk, next)
	f.label(next)
	f.emit(asm.Mov.Imm(asm.R0, 0), asm.Return())
	f.label(brk)
	f.emit(asm.Mov.Imm(asm.R0, 1), asm.Return())
	if !usesReg(f.insns[strtab+1:], regStrings) {
		f.insns = append(f.insns[:strtab], f.insns[strtab+1:]...)
	}
	key := loopKey(f.insns, sym)
	if s, ok := g.loopByKey[key]; ok {
		return s
	}
	if g.loopByKey == nil {
		g.loopByKey = map[string]string{}
	}
	g.loopByKey[key] = sym
	g.loopFuncs = append(g.loopFuncs, sym)
	if g.prog.loops == nil {
		g.prog.loops = map[string]asm.Instructions{}
	}
	g.prog.loops[sym] = f.insns
	return sym
}

// loopKey is what identifies a callback's instructions, its own symbol
// left out.
func loopKey(insns asm.Instructions, sym string) string {
	var b strings.Builder
	for _, ins := range insns {
		fmt.Fprintf(&b, "%v|%s|%s\n", ins, ins.Symbol(), ins.Reference())
	}
	return strings.ReplaceAll(b.String(), sym, "")
}

// strtabEndMeta marks the instructions whose constant is the last offset
// of a search's mask table in the string table (shiftAnd), which
// patchStrtabEnd sets once the table is complete.
type strtabEndMeta struct{}

// strtabEnd marks ins as one whose constant patchStrtabEnd sets.
func (c *clauseGen) strtabEnd(ins asm.Instruction) asm.Instruction {
	ins.Metadata.Set(strtabEndMeta{}, true)
	return ins
}

// patchStrtabEnd sets the constants strtabEnd marked: the greatest offset
// of a mask table (256 words) in the string table.
func (p *Program) patchStrtabEnd() {
	end := int64(len(p.Strings) - 256*8)
	patch := func(insns asm.Instructions) {
		for i := range insns {
			if insns[i].Metadata.Get(strtabEndMeta{}) != nil {
				insns[i].Constant = end
			}
		}
	}
	for _, cl := range p.Clauses {
		patch(cl.Insns)
	}
	for _, insns := range p.loops {
		patch(insns)
	}
}

// appendOnce appends s to list unless it is there.
func appendOnce(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}
