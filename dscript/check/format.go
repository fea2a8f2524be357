package check

import (
	"errors"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/printf"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// checkFormat parses a printf-like action's format and checks the
// arguments against it.
func (c *Checker) checkFormat(x *ast.Call, fn, format string, args []*types.Type) {
	f := c.parseFormat(x, format)
	if p := f.Check(fn, args); p != nil {
		c.errorf(x, p.Tag, "%s", p.Msg)
	}
}

// checkPrinta checks a formatted printa against its first aggregation.
func (c *Checker) checkPrinta(x *ast.Call, format string, a *aggregation) {
	f := c.parseFormat(x, format)
	value := int64T
	if a.fn == "count" {
		value = uint64T
	}
	if p := f.CheckPrinta(a.keys, value); p != nil {
		c.errorf(x, p.Tag, "%s", p.Msg)
	}
}

func (c *Checker) parseFormat(x *ast.Call, format string) *printf.Format {
	f, err := printf.Parse(format)
	if err != nil {
		var p *printf.Problem
		if errors.As(err, &p) {
			c.errorf(x, p.Tag, "%s", p.Msg)
		}
		c.errorf(x, "D_SYNTAX", "%v", err)
	}
	return f
}
