package codegen

import (
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/dscript/ast"
)

// faultKind is the kind of a runtime fault: what DTrace reports when a
// probe firing does something it must not (DTRACEFLT_*).
type faultKind int

// Fault kinds.
const (
	// faultBadAddr: a load or store at an address the program may not
	// use: a write through a pointer outside scratch memory, a member of a
	// self-> struct never assigned (DTrace's NULL dereference), a dynamic
	// variable that could not be allocated.
	faultBadAddr faultKind = iota
	// faultBadIndex: an index outside the bounds of an array held in a D
	// variable.
	faultBadIndex
)

// fault ends the clause at a runtime fault, as DTrace does: nothing the
// clause recorded is sent, and tracing goes on with the next clause and
// firing. val holds the offending value (the address or the index).
//
// DTrace also reports each fault (on stderr, through the ERROR probe);
// that report is not made yet: this is the one place that will make it,
// from kind, val and the clause and line of n.
func (c *clauseGen) fault(n ast.Node, kind faultKind, val asm.Register) {
	c.emit(asm.Ja.Label(c.exitLabel))
}
