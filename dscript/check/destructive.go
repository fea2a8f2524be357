package check

import "github.com/dtrace-go/dtrace/dscript/ast"

// IsDestructive reports whether name is one of D's destructive actions
// (system, freopen, raise, stop, chill, panic, breakpoint) or destructive
// subroutines (copyout, copyoutstr): those DTrace runs only with -w or
// -x destructive.
func IsDestructive(name string) bool {
	f := builtinFuncs[name]
	return f != nil && f.destructive
}

// FirstDestructive returns the first call, in source order, of a
// destructive action or subroutine in the clauses of file, or nil when they
// have none.
func FirstDestructive(file *ast.File) *ast.Call {
	var found *ast.Call
	for _, it := range file.Items {
		cl, ok := it.(*ast.Clause)
		if !ok {
			continue
		}
		ast.Inspect(cl, func(n ast.Node) bool {
			if found != nil {
				return false
			}
			if call, ok := n.(*ast.Call); ok && call.Fun != nil && IsDestructive(call.Fun.Name) {
				found = call
				return false
			}
			return true
		})
		if found != nil {
			break
		}
	}
	return found
}
