package codegen

import (
	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/ast"
)

// unsupportedSetopt are the run-time options DTrace lets setopt() change
// whose effect the output does not implement yet.
var unsupportedSetopt = map[string]bool{"agghist": true, "aggpack": true, "aggzoom": true}

// SetoptSupported reports whether setopt() of the option name can be
// honoured. It is false for options that DTrace changes at run time but
// dtrace-go does not implement; every other name is handled as DTrace
// handles it when it consumes the record (applied, ignored, or refused with
// DTrace's warning).
func SetoptSupported(name string) bool { return !unsupportedSetopt[name] }

// setopt compiles setopt(option[, value]): an abi.FieldSetopt field whose NArgs
// string Arg fields follow, the option's name and then its value when one
// is given. The consumer applies it, as DTrace applies the option when it
// consumes the record (dt_setopt). An option named by a string constant
// whose effect is not implemented fails here.
func (c *clauseGen) setopt(x *ast.Call) {
	if lit, ok := ast.Unparen(x.Args[0]).(*ast.StringLit); ok && !SetoptSupported(lit.Value) {
		c.fail(x, `setopt("`+lit.Value+`")`)
	}
	f := c.field(x, abi.FieldSetopt, 0, nil)
	f.NArgs = len(x.Args)
	for _, a := range x.Args {
		c.recordValue(a, abi.FieldArg)
	}
}
