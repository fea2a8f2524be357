package check

import (
	"strings"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/diag"
)

// pragma applies a #pragma line.
func (c *Checker) pragma(p *ast.Pragma) {
	if len(p.Words) == 0 {
		return
	}
	w := p.Words
	switch w[0] {
	case "D":
		if len(w) < 2 {
			c.errorf(p, diag.Tag("D_PRAGMA_MALFORM"), "malformed #pragma D")
		}
		switch w[1] {
		case "option":
			if len(w) < 3 {
				c.errorf(p, diag.Tag("D_PRAGMA_MALFORM"), "malformed #pragma option")
			}
			for _, o := range w[2:] {
				name, value, given := strings.Cut(o, "=")
				if c.cfg.SetOption != nil {
					if err := c.cfg.SetOption(name, value, given); err != nil {
						c.errorf(p, diag.Tag("D_PRAGMA_OPTSET"), "failed to set option '%s': %v", name, err)
					}
				}
				c.info.Options = append(c.info.Options, Option{Pos: p.At, Name: name, Value: value, Given: given})
			}
		case "depends_on", "attributes", "binding":
		default:
			c.errorf(p, diag.Tag("D_PRAGMA_INVAL"), "invalid control directive: #pragma D %s", w[1])
		}
	case "error":
		c.errorf(p, diag.Tag("D_PRAGERR"), "#pragma %s", strings.Join(w, " "))
	case "ident", "line":
	default:
		// Other pragmas are ignored, as by a C compiler.
	}
}
