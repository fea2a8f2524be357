package codegen

import "github.com/cilium/ebpf/asm"

// What the package's external tests look at that is not API.

// MaxExprNesting is maxExprNesting.
const MaxExprNesting = maxExprNesting

var (
	CanFault           = canFault
	HandlersReadRawCtx = handlersReadRawCtx
	ReadsRawCtx        = readsRawCtx
	UsesMachinery      = usesMachinery
	ErrorSymbol        = errorSymbol
)

// ErrorStacks is errorStacks, for the tests of ErrorFunc.
type ErrorStacks = errorStacks

// ErrorFunc is errorFunc.
func (p *Program) ErrorFunc(errorID uint32, handlers []*Clause, stacks ErrorStacks) asm.Instructions {
	return p.errorFunc(errorID, handlers, stacks)
}

// Work returns what compiling p took of the work the tests count
// (Program.work).
func (p *Program) Work() int { return p.work }
