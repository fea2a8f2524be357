package check

import (
	"errors"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/diag"
	"github.com/dtrace-go/dtrace/dscript/printf"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// checkFormat parses a printf-like action's format and checks the
// arguments against it, as dt_printf_create and dt_printf_validate do.
// Errors are reported at line, where yylineno points.
func (c *Checker) checkFormat(line ast.Pos, fn, format string, args []*types.Type) {
	f := c.parseFormat(line, format)
	// With a target process (-c, -p), %A also takes integers and
	// pointers: addresses in the process that fired (pfcheck_uaddr).
	v := PrintfValidation{Func: fn, Args: args, Target: c.cfg.Macros["target"] != 0}
	if p := ValidatePrintf(f, v); p != nil {
		c.errorf(lineNode{line}, p.Tag, "%s", p.Msg)
	}
}

// checkPrinta checks a formatted printa against its first aggregation:
// the conversions consume its keys, %@ its value.
func (c *Checker) checkPrinta(line ast.Pos, format string, a *aggregation) {
	f := c.parseFormat(line, format)
	value := int64T
	if a.fn == "count" {
		value = uint64T
	}
	if p := CheckPrinta(f, a.keys, value); p != nil {
		c.errorf(lineNode{line}, p.Tag, "%s", p.Msg)
	}
}

// parseFormat parses a format as dt_printf_create does, reporting the
// format's problem with printf's tag (libdtrace's, by name) and message.
func (c *Checker) parseFormat(line ast.Pos, format string) *printf.Format {
	f, err := printf.Parse(format)
	if err != nil {
		var p *printf.Problem
		if errors.As(err, &p) {
			c.errorf(lineNode{line}, diag.Tag(p.Tag), "%s", p.Msg)
		}
		c.errorf(lineNode{line}, diag.D_SYNTAX, "%v", err)
	}
	return f
}
