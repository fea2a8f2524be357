package codegen

import (
	"fmt"
	"strconv"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// Registers inside a clause function. R9 holds the probe context (the
// scratch value), R8 the globals map value, R7 the string table; all three
// are callee-saved, so helper calls keep them.
const (
	regCtx     = abi.RegProbeCtx // R9
	regGlobals = asm.R8
	regStrings = asm.R7
)

// Stack use: the word at -8 is a map key of 0; expression temporaries are
// stored below it, one 8-byte slot per nesting level.
const (
	stackKey  = -8
	maxDepth  = 48
	stackBase = -16
)

// cgError carries a code-generation error out of the recursion.
type cgError struct{ err error }

// clauseGen is the state of one clause's compilation.
type clauseGen struct {
	g      *gen
	sym    string
	clause int // the clause's index in the program
	insns  asm.Instructions
	funcs  asm.Instructions // functions the clause refers to (Clause.Funcs)
	shared []string         // the program's functions it calls (Clause.Shared)
	labels int
	depth  int
	// temps is the next free byte of the scratch temporaries region,
	// reset after each statement.
	temps   int
	rec     *Record
	key     int // offset of the map key mapKey built last
	line    int
	comment string
	// recording holds the clause's if statements that record data
	// (recordingIfs).
	recording map[*ast.IfStmt]bool
	// node is the statement or expression at was last called for.
	node ast.Node
	// exprNesting counts the calls of expr under way.
	exprNesting int
	// spec is set in a clause that calls speculate() (spec.go).
	spec *specClause
	// exitLabel ends the clause.
	exitLabel string
	// usesAlloca is set in a clause that allocates scratch memory or
	// reaches it through an alloca pointer (alloca.go).
	usesAlloca bool
	// xlIn are the translator inputs bound while a translated member is
	// compiled (xlate.go).
	xlIn []xlBinding
	// xlRaw is the translated probe argument whose native value is being
	// evaluated as a translator's input.
	xlRaw ast.Expr
}

func (c *clauseGen) fail(n ast.Node, what string) {
	panic(cgError{c.g.notSupported(n, what)})
}

// maxClauseInsns is the most instructions a clause compiles to: the most
// the kernel loads in a program (BPF_COMPLEXITY_LIMIT_INSNS).
const maxClauseInsns = 1000000

// emit appends instructions, putting any pending source comment on the
// first.
func (c *clauseGen) emit(ins ...asm.Instruction) {
	if len(c.insns)+len(ins) > maxClauseInsns {
		// Inlines that refer to others twice double the code at
		// each level: stop before the time and memory run out.
		c.fail(c.node, "a clause of more than 1,000,000 instructions")
	}
	for _, in := range ins {
		if c.comment != "" {
			in = in.WithSource(asm.Comment(c.comment))
			c.comment = ""
		}
		c.insns = append(c.insns, in)
	}
}

// at starts the code for node n: the next instruction carries a comment
// naming its source line.
func (c *clauseGen) at(n ast.Node) {
	c.node = n
	p := n.Pos()
	if p.Line == c.line && c.comment == "" {
		return
	}
	c.line = p.Line
	name := c.g.file.Name
	if p.File != "" {
		name = p.File
	}
	c.comment = fmt.Sprintf("%s:%d", name, p.Line)
}

// newLabel returns a label unique in the linked program.
func (c *clauseGen) newLabel() string {
	c.labels++
	return c.sym + "_L" + strconv.Itoa(c.labels)
}

// label places l here, on a no-op jump (labelNop).
func (c *clauseGen) label(l string) { c.emit(labelNop(l)) }

// push saves R0 in the next temporary slot; pop loads it into r.
func (c *clauseGen) push(n ast.Node) {
	if c.depth >= maxDepth {
		c.fail(n, "an expression nested this deeply")
	}
	c.emit(asm.StoreMem(asm.RFP, c.slot(c.depth), asm.R0, asm.DWord))
	c.depth++
}

func (c *clauseGen) pop(r asm.Register) {
	c.depth--
	c.emit(asm.LoadMem(r, asm.RFP, c.slot(c.depth), asm.DWord))
}

func (c *clauseGen) slot(d int) int16 { return int16(stackBase - 8*d) }

// temp reserves n bytes of scratch space for the current statement and
// returns their offset from the probe context.
func (c *clauseGen) temp(n int) int {
	off := c.g.tempBase() + c.temps
	c.temps += align8(n)
	if c.temps > c.g.maxTemp {
		c.g.maxTemp = c.temps
	}
	return off
}

// call emits a helper call.
func (c *clauseGen) call(fn asm.BuiltinFunc) { c.emit(fn.Call()) }

// mapPtr loads the address of map name into r.
func (c *clauseGen) mapPtr(r asm.Register, name string) {
	c.emit(asm.LoadMapPtr(r, 0).WithReference(name))
}

// Flags of bpf_map_update_elem.
const (
	bpfAny     = 0 // BPF_ANY: create the element or replace it
	bpfNoExist = 1 // BPF_NOEXIST: create it only if it does not exist
	bpfExist   = 2 // BPF_EXIST: replace it only if it exists
)

// lookupAt looks the key at R9+key up in map m (bpf_map_lookup_elem): R0
// is the address of the value, or 0.
func (c *clauseGen) lookupAt(m string, key int) {
	c.mapPtr(asm.R1, m)
	c.scratchAddr(asm.R2, key)
	c.call(asm.FnMapLookupElem)
}

// lookupStackKey looks up in map m the key in the stack word at
// stackKey (bpf_map_lookup_elem): R0 is the address of the value, or 0.
func (c *clauseGen) lookupStackKey(m string) {
	c.mapPtr(asm.R1, m)
	c.emit(asm.Mov.Reg(asm.R2, asm.RFP), asm.Add.Imm(asm.R2, stackKey))
	c.call(asm.FnMapLookupElem)
}

// updateAt stores the value at R9+val under the key at R9+key in map m
// (bpf_map_update_elem with flags, bpfAny or bpfNoExist): R0 is 0, or a
// negative error.
func (c *clauseGen) updateAt(m string, key, val int, flags int32) {
	c.mapPtr(asm.R1, m)
	c.scratchAddr(asm.R2, key)
	c.scratchAddr(asm.R3, val)
	c.emit(asm.Mov.Imm(asm.R4, flags))
	c.call(asm.FnMapUpdateElem)
}

// valuePtr loads into r the address of the value of the one-entry array
// map name: a 64-bit immediate load the kernel resolves (direct value
// access), so no lookup and no null check.
func (c *clauseGen) valuePtr(r asm.Register, name string) {
	c.emit(asm.LoadMapValue(r, 0, 0).WithReference(name))
}

// usesReg reports whether any of insns names r as its source or
// destination (conservatively: the Src field of a pseudo instruction is
// never a callee-saved register's number).
func usesReg(insns asm.Instructions, r asm.Register) bool {
	for _, ins := range insns {
		if ins.Dst == r || ins.Src == r {
			return true
		}
	}
	return false
}

// zero fills n bytes at R9+off with zeros (n a multiple of 8).
func (c *clauseGen) zero(off, n int) {
	for i := 0; i < n; i += 8 {
		c.emit(storeImm64(regCtx, int16(off+i), 0))
	}
}

// normalize truncates or extends the 64-bit value in r to the width and
// signedness of integer type t, as storing it in a t would.
func (c *clauseGen) normalize(r asm.Register, t *types.Type) {
	rt := t.Resolve()
	if rt == nil || (rt.Kind != types.Int && rt.Kind != types.Enum) || rt.Size >= 8 {
		return
	}
	shift := int64(64 - 8*rt.Size)
	c.emit(asm.LSh.Imm(r, int32(shift)))
	if t.IsSigned() {
		c.emit(asm.ArSh.Imm(r, int32(shift)))
	} else {
		c.emit(asm.RSh.Imm(r, int32(shift)))
	}
}

// typecast converts the value in R0 from type src to type dst as DTrace's
// dt_cg_typecast does: only a cast to an integer type narrower than 64
// bits changes the value, and only when it narrows, changes the
// signedness of a value of the same width, or widens a signed value to an
// unsigned type; the value is then truncated to dst and extended as dst's
// signedness says. Any other cast leaves the 64 bits as they are (an int
// holding 2147483648 after an overflow, cast to long, stays 2147483648).
func (c *clauseGen) typecast(src, dst *types.Type) {
	d := dst.Resolve()
	if d == nil || (d.Kind != types.Int && d.Kind != types.Enum) || d.Size >= 8 {
		return
	}
	ssize, ssigned := int64(8), false
	if s := src.Resolve(); s != nil && (s.Kind == types.Int || s.Kind == types.Enum) {
		ssize, ssigned = s.Size, src.IsSigned()
	}
	dsigned := dst.IsSigned()
	switch {
	case d.Size > ssize && (dsigned || !ssigned):
		return
	case d.Size == ssize && dsigned == ssigned:
		return
	}
	c.normalize(asm.R0, dst)
}

// keyWidth truncates the integer key k, evaluated in R0, to the key type
// t (normalize), unless k's value already has t's width: a value of type
// t loaded or produced as such (a variable, a builtin, a constant), where
// arithmetic, casts and ?: may leave bits past it.
func (c *clauseGen) keyWidth(k ast.Expr, t *types.Type) {
	if types.Same(c.typeOf(k), t) && !mayOverflow(k) {
		return
	}
	c.normalize(asm.R0, t)
}

// mayOverflow reports whether the 64-bit value of x may have bits past
// its type's width: operators compute in 64 bits.
func mayOverflow(x ast.Expr) bool {
	switch e := x.(type) {
	case *ast.Paren:
		return mayOverflow(e.X)
	case *ast.Binary:
		return !isCompare(e.Op) && e.Op != ast.LAnd && e.Op != ast.LOr && e.Op != ast.LXor
	case *ast.Unary:
		return e.Op != ast.Not && e.Op != ast.Deref
	case *ast.Cast, *ast.Cond, *ast.Assign:
		return true
	}
	return false
}

// memSize is the width a value of type t is loaded and stored at: its
// size when that is 1, 2 or 4 bytes, else a double word.
func memSize(t *types.Type) asm.Size {
	switch t.Resolve().Size {
	case 1:
		return asm.Byte
	case 2:
		return asm.Half
	case 4:
		return asm.Word
	}
	return asm.DWord
}

// load loads a value of type t from [base+off] into dst, extending it to
// 64 bits as its signedness says.
func (c *clauseGen) load(dst, base asm.Register, off int16, t *types.Type) {
	size := memSize(t)
	c.emit(asm.LoadMem(dst, base, off, size))
	if size != asm.DWord && t.IsSigned() {
		c.normalize(dst, t)
	}
}

// store stores the low bytes of src as a t at [base+off].
func (c *clauseGen) store(base asm.Register, off int16, src asm.Register, t *types.Type) {
	c.emit(asm.StoreMem(base, off, src, memSize(t)))
}

// copyStr copies the string at src (a pointer register other than R1-R3)
// into the strsize buffer at R9+dst, zero-padded, so that it can serve as a
// map key or be compared byte for byte.
func (c *clauseGen) copyStr(dst int, src asm.Register) { c.copyStrN(dst, src, c.strSize()) }

// copyStrN copies at most n bytes of the string at src (as copyStr), NUL
// included, into the buffer at R9+dst, zero-padded to a multiple of 8.
func (c *clauseGen) copyStrN(dst int, src asm.Register, n int) {
	c.zero(dst, align8(n))
	c.emit(
		asm.Mov.Reg(asm.R3, src),
		asm.Mov.Reg(asm.R1, regCtx),
		asm.Add.Imm(asm.R1, int32(dst)),
		asm.Mov.Imm(asm.R2, int32(n)),
	)
	c.call(asm.FnProbeReadKernelStr)
}

// currentComm stores the task's comm, NUL-padded, in the commLen bytes at
// R9+off.
func (c *clauseGen) currentComm(off int) {
	c.emit(asm.Mov.Reg(asm.R1, regCtx), asm.Add.Imm(asm.R1, int32(off)), asm.Mov.Imm(asm.R2, commLen))
	c.call(asm.FnGetCurrentComm)
}

// wordImm returns the u32 v as the sign-extended immediate of a 32-bit
// store (asm.StoreImm of asm.Word), which stores its low 32 bits.
func wordImm(v uint32) int64 { return int64(int32(v)) }
