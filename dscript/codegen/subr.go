package codegen

import (
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/dscript/ast"
)

// subroutines compile D's subroutines, by name. Each leaves its result in
// R0: an integer, or the address of a strsize string buffer in scratch
// (from c.temp) for a string result.
var subroutines = map[string]func(c *clauseGen, x *ast.Call){
	"rand": func(c *clauseGen, x *ast.Call) { c.call(asm.FnGetPrandomU32) },
}
