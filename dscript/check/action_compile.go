package check

import (
	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/diag"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// actKind classifies the actions a statement compiles to, as far as
// dt_stmt_append's ordering rules care.
type actKind int

const (
	actVoid        actKind = iota // an expression statement: records nothing
	actRecord                     // records data (trace, printf, an aggregation's tuple, exit...)
	actAgg                        // the aggregating action of an aggregation statement
	actSpeculate                  // speculate()
	actCommit                     // commit()
	actDiscard                    // discard()
	actExit                       // exit(): records data
	actDestructive                // destructive actions and subroutines
)

// compileState is what compiling one clause's statements accumulates: what
// the actions of its ECB so far are (stmtAppend), and the line libdtrace's
// yylineno holds, where the errors it raises with xyerror are reported.
type compileState struct {
	// commit, speculate, datarec: the actions so far hold a commit(), a
	// speculate(), an action that records data not speculatively.
	commit, speculate, datarec bool
	lineno                     ast.Pos
}

// compileClause compiles the predicate and then each statement, as
// dt_compile_one_clause does after type-checking.
func (c *Checker) compileClause(cl *ast.Clause) {
	cs := &compileState{}
	if len(cl.Probes) > 0 {
		cs.lineno = cl.Probes[0].Pos()
	} else {
		cs.lineno = cl.Pos()
	}
	if cl.Pred != nil {
		c.cg(cl.Pred)
	}
	for _, s := range cl.Body {
		c.compileStmt(cs, s)
	}
}

// compileStmt compiles one statement and appends its actions to the
// clause's.
func (c *Checker) compileStmt(cs *compileState, s ast.Stmt) {
	switch s := s.(type) {
	case *ast.IfStmt:
		c.cg(s.Cond)
		c.compileStmt(cs, s.Then)
		if s.Else != nil {
			c.compileStmt(cs, s.Else)
		}
		return
	case *ast.BlockStmt:
		for _, t := range s.List {
			c.compileStmt(cs, t)
		}
		return
	case *ast.ExprStmt:
		var acts []actKind
		x := ast.Unparen(s.X)
		switch e := x.(type) {
		case *ast.Agg:
			c.errorf(e, diag.D_AGG_NULL, "expression has null effect: %s", aggDisplay(e.Name))
		case *ast.Assign:
			if a, ok := ast.Unparen(e.X).(*ast.Agg); ok {
				acts = c.compileAgg(a, ast.Unparen(e.Y).(*ast.Call))
				c.stmtAppend(cs, a, acts)
				return
			}
		case *ast.Call:
			if f := builtinFuncs[e.Fun.Name]; f != nil && f.kind == action {
				acts = c.compileAction(cs, e, f)
				c.stmtAppend(cs, e, acts)
				return
			}
		}
		c.cg(s.X)
		kind := actVoid
		if c.destructiveExpr(s.X) {
			kind = actDestructive
		}
		c.stmtAppend(cs, s.X, []actKind{kind})
	}
}

// stmtAppend adds a statement's actions to the clause's and checks the
// clause's actions in order, as dt_stmt_append does: commit() and
// speculate() rules. Errors are reported at the new statement. The
// actions before passed the rules: what they leave in cs is all the new
// ones are checked against, so that a clause's statements are checked in
// time linear in their number.
func (c *Checker) stmtAppend(cs *compileState, n ast.Node, acts []actKind) {
	aggAfter := func(acts []actKind) {
		for _, t := range acts {
			if t == actAgg {
				c.errorf(n, diag.D_AGG_COMM, "aggregating actions may not follow commit( )")
			}
		}
	}
	if cs.commit {
		aggAfter(acts)
	}
	for i, a := range acts {
		c.work++
		switch a {
		case actCommit:
			// commit() may follow commit(): DTrace for Linux no longer
			// reports D_COMM_COMM (dt_cg_clsflags).
			if cs.datarec {
				c.errorf(n, diag.D_COMM_DREC, "commit( ) may not follow data-recording action(s)")
			}
			aggAfter(acts[i:])
			cs.commit = true
			continue
		case actSpeculate:
			if cs.speculate {
				c.errorf(n, diag.D_SPEC_SPEC, "speculate( ) may not follow speculate( )")
			}
			if cs.commit {
				c.errorf(n, diag.D_SPEC_COMM, "speculate( ) may not follow commit( )")
			}
			if cs.datarec {
				c.errorf(n, diag.D_SPEC_DREC, "speculate( ) may not follow data-recording action(s)")
			}
			cs.speculate = true
			continue
		case actAgg:
			if cs.speculate {
				c.errorf(n, diag.D_AGG_SPEC, "aggregating actions may not follow speculate( )")
			}
			cs.datarec = true
			continue
		}
		if cs.speculate {
			if a == actDestructive {
				c.errorf(n, diag.D_ACT_SPEC, "destructive actions may not follow speculate( )")
			}
			if a == actExit {
				c.errorf(n, diag.D_EXIT_SPEC, "exit( ) may not follow speculate( )")
			}
		}
		if a == actDestructive || a == actDiscard || a == actVoid {
			continue
		}
		if cs.commit {
			c.errorf(n, diag.D_DREC_COMM, "data-recording actions may not follow commit( )")
		}
		if !cs.speculate {
			cs.datarec = true
		}
	}
}

// cg checks what DTrace's code generator rejects in an expression: calls of
// tracing and aggregating functions, which only a statement of their own
// may make.
func (c *Checker) cg(x ast.Expr) {
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SizeofExpr:
			return false
		case *ast.Index:
			if len(n.Index) > maxTupleKeys && c.assocIndex(n) {
				c.tupleOverflow()
			}
		case *ast.Assign:
			// A stack is a value (dt_stack_t) that a variable may hold,
			// as in DTrace for Linux 2.0.4: self->st = stack().
			if call := stackCall(n.Y); call != nil && n.Op == ast.AssignOp {
				c.cg(n.X)
				c.stackCallArgs(call)
				return false
			}
		case *ast.Call:
			f := builtinFuncs[n.Fun.Name]
			if f != nil && f.kind != subr {
				kind := "tracing function"
				if f.kind == aggfn {
					kind = "aggregating function"
				}
				c.errorf(n, diag.D_CG_EXPR, "%s %s( ) may not be called from a D expression (D program context required)", kind, n.Fun.Name)
			}
		}
		return true
	})
}

// stackCall returns x as a call of stack(), ustack() or jstack(), or nil.
func stackCall(x ast.Expr) *ast.Call {
	call, ok := ast.Unparen(x).(*ast.Call)
	if !ok || call.Fun == nil {
		return nil
	}
	switch call.Fun.Name {
	case "stack", "ustack", "jstack":
		return call
	}
	return nil
}

// stackCallArgs checks the arguments of a stack function taken as a value
// as its action's are checked.
func (c *Checker) stackCallArgs(call *ast.Call) {
	if call.Fun.Name == "stack" {
		c.stackArgs(call)
	} else {
		c.ustackArgs(call)
	}
	for _, a := range call.Args {
		c.cg(a)
	}
}

// cgArg checks an argument a printf-like action or trace() records: a
// stack or symbol function may be one.
func (c *Checker) cgArg(x ast.Expr) {
	if call, ok := ast.Unparen(x).(*ast.Call); ok {
		if f := builtinFuncs[call.Fun.Name]; f != nil && f.record {
			for _, a := range call.Args {
				c.cg(a)
			}
			return
		}
	}
	c.cg(x)
}

// destructiveExpr reports whether an expression calls a destructive
// subroutine (copyout, copyoutstr), which makes its statement destructive.
func (c *Checker) destructiveExpr(x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if call, ok := n.(*ast.Call); ok {
			if f := builtinFuncs[call.Fun.Name]; f != nil && f.destructive {
				found = true
			}
		}
		return !found
	})
	return found
}

// typeOf is the type x was given when its clause was type-checked.
func (c *Checker) typeOf(x ast.Expr) *types.Type {
	if t := c.info.Types[x]; t != nil {
		return t
	}
	return types.VoidType
}

// intConst reports whether x is an integer constant (a DT_NODE_INT once
// folded), and its value.
func (c *Checker) intConst(x ast.Expr) (int64, bool) {
	v, ok := c.info.Consts[x]
	if !ok {
		return 0, false
	}
	return v, c.typeOf(x).IsInteger()
}

// isPosConst is dt_node_is_posconst: a non-zero integer constant, positive
// if its type is signed.
func (c *Checker) isPosConst(x ast.Expr) bool {
	v, ok := c.intConst(x)
	if !ok || v == 0 {
		return false
	}
	return !c.typeOf(x).IsSigned() || v > 0
}

// isAggArg reports whether x is an aggregation (DT_NODE_AGG).
func isAggArg(x ast.Expr) bool {
	_, ok := ast.Unparen(x).(*ast.Agg)
	return ok
}

// stringConst returns the value of a string constant argument (a string
// literal, or a macro argument used as a string).
func (c *Checker) stringConst(x ast.Expr) (string, bool) {
	switch x := ast.Unparen(x).(type) {
	case *ast.StringLit:
		return x.Value, true
	case *ast.Macro:
		if !c.typeOf(x).IsString() {
			return "", false
		}
		// The value the checker gave the macro when it typed it.
		return c.info.Strings[x], true
	}
	return "", false
}

// maxTupleKeys is the most components a tuple may have: an associative
// array's or an aggregation's key. DTrace's code generator builds a tuple
// in its dtc_diftupregs (DIF_DTR_NREGS, 8) tuple slots and gives up at the
// component after slot 8 (dt_cg_arglist: i > dtc_diftupregs).
const maxTupleKeys = 9

// assocIndex reports whether x indexes an associative array.
func (c *Checker) assocIndex(x *ast.Index) bool {
	o := c.info.Uses[x]
	if o == nil {
		o = c.info.Uses[x.X]
	}
	return o != nil && o.Assoc()
}

// tupleOverflow fails with DTrace's error for a tuple of more than
// maxTupleKeys components: the code generator's EDT_NOTUPREG, which
// dtrace_errmsg words from its table, with no tag and no line.
func (c *Checker) tupleOverflow() {
	panic(bailout{&diag.Error{Msg: "Insufficient tuple registers to generate code"}})
}
