package codegen

import (
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/dscript/ast"
)

// subrCopyinto: copyinto(addr, size, dest) copies size bytes of user
// memory at addr to dest, an alloca pointer (the checker requires one),
// checked as bcopy() checks its copy (see subrBcopy).
func subrCopyinto(c *clauseGen, x *ast.Call) {
	c.copyToAlloca(x, x.Args[0], x.Args[2], x.Args[1], asm.FnProbeReadUser)
}
