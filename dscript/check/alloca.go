package check

import (
	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/diag"
)

// Alloca pointers: DTrace's compile-time rules on the scratch memory that
// alloca() and copyin() return (dt_parser.c's alloca taint, dt_cg.c's
// checks).
//
// A value is an alloca pointer when it comes from alloca() or copyin(),
// from a variable assigned one, or from one by a cast, pointer or integer
// arithmetic, ++ or --, the comma operator, ?: (its true branch), & of
// what one points to, or stringof. Info.Alloca records these
// expressions: the code generator checks every access through one against
// the scratch memory the clause has allocated.
//
// The rules, checked once a program's clauses are type-checked:
//
//   - D_ALLOCA_INCOMPAT: a variable (global, self->, this->, associative
//     array) holds alloca pointers or other values, never both, in any
//     clause of the program (assigning the literal 0 is neither); and a
//     ?: whose branches differ (one an alloca pointer) may not be assigned
//     to a variable.
//   - D_OP_INCOMPAT: pointers to alloca and to other memory are not added
//     or subtracted.
//   - D_PROTO_ARG: bcopy()'s destination and copyinto()'s must be alloca
//     pointers; inet_ntoa6()'s second argument must be an integer
//     constant.

// allocaFlags is what the program assigns a variable: alloca pointers,
// other values, or both.
type allocaFlags uint8

const (
	allocaAssigned    allocaFlags = 1 << iota // an alloca pointer
	nonAllocaAssigned                         // anything else but the literal 0
)

// allocaRules computes Info.Alloca for the clauses of the program being
// checked, with the variables' flags of every program checked so far, and
// reports the first violation of the rules, in source order.
func (c *Checker) allocaRules(clauses []*ast.Clause) {
	if c.allocaVars == nil {
		c.allocaVars = map[*Object]allocaFlags{}
	}
	c.info.Alloca = map[ast.Expr]bool{}
	c.allocaMemo = map[ast.Expr]allocaAnswer{}
	defer func() { c.allocaMemo = nil }()
	// The rules, in source order, with what the variables have been
	// assigned so far: DTrace compiles clause after clause, and refuses
	// the assignment that makes a variable hold both kinds of values.
	for _, cl := range clauses {
		ast.Inspect(cl, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.Assign:
				c.allocaAssign(x)
				c.allocaAssignRules(cl, x)
			case *ast.Binary:
				c.allocaArith(x)
			case *ast.Call:
				c.allocaCall(x)
			}
			return true
		})
	}
	// What variables are assigned only grows, so this settles: a value
	// assigned in a later clause taints the uses in an earlier one (an
	// alloca pointer kept from another clause is out of that clause's
	// scratch memory).
	for changed := true; changed; {
		changed = false
		for _, cl := range clauses {
			ast.Inspect(cl, func(n ast.Node) bool {
				if a, ok := n.(*ast.Assign); ok && c.allocaAssign(a) {
					changed = true
				}
				return true
			})
		}
	}
	for _, cl := range clauses {
		ast.Inspect(cl, func(n ast.Node) bool {
			if e, ok := n.(ast.Expr); ok && c.isAlloca(e) {
				c.info.Alloca[e] = true
			}
			return true
		})
	}
}

// allocaAssign records what the assignment a gives its variable, and
// reports whether that changed the variable's flags.
func (c *Checker) allocaAssign(a *ast.Assign) bool {
	o := c.allocaVar(a.X)
	if o == nil {
		return false
	}
	var f allocaFlags
	switch {
	case c.isAlloca(a.Y):
		f = allocaAssigned
	case a.Op != ast.AssignOp:
		// p += n stores p moved, an alloca pointer when p is one.
		// (DTrace for Linux marks p non-alloca here, and so refuses
		// the assignment of alloca() to p: a limit of its
		// implementation, not a rule.)
		return false
	case !isLiteralZero(c, a.Y):
		f = nonAllocaAssigned
	}
	if c.allocaVars[o]&f == f {
		return false
	}
	c.allocaVars[o] |= f
	c.allocaGen++ // the answers isAlloca gave may change
	return true
}

// allocaAssignRules reports the assignments D_ALLOCA_INCOMPAT refuses, in
// clause cl. A ?: of both kinds is refused as its assignment is checked, at
// the assignment's line; a variable given both kinds when the clause is
// compiled, at the clause's first line (its probe description's, where
// yylineno stands then).
func (c *Checker) allocaAssignRules(cl *ast.Clause, a *ast.Assign) {
	o := c.allocaVar(a.X)
	if o == nil {
		return
	}
	if c.allocaMixed(a.Y) {
		c.errorf(a, diag.Tag("D_ALLOCA_INCOMPAT"), "ternary conditional with alloca and non-alloca branches cannot be assigned to a variable")
	}
	if c.allocaVars[o] == allocaAssigned|nonAllocaAssigned {
		at := cl.Pos()
		if len(cl.Probes) > 0 {
			at = cl.Probes[0].Pos()
		}
		c.errorf(lineNode{at}, diag.Tag("D_ALLOCA_INCOMPAT"), "%s: cannot reuse the same identifier for both alloca and non-alloca allocations", o.Name())
	}
}

// allocaArith refuses adding or subtracting an alloca pointer and another
// pointer.
func (c *Checker) allocaArith(x *ast.Binary) {
	if x.Op != ast.Add && x.Op != ast.Sub {
		return
	}
	lt, rt := c.info.Types[x.X], c.info.Types[x.Y]
	if lt == nil || rt == nil || !(isPtrLike(lt) || lt.IsString()) || !(isPtrLike(rt) || rt.IsString()) {
		return
	}
	if c.isAlloca(x.X) != c.isAlloca(x.Y) {
		c.errorf(x, diag.D_OP_INCOMPAT, "adding or subtracting pointers to alloca and non-alloca space is meaningless: \"%s\" %s \"%s\"", lt, x.Op, rt)
	}
}

// allocaCall checks the arguments the subroutines require alloca pointers
// or constants for.
func (c *Checker) allocaCall(x *ast.Call) {
	dst := -1
	switch x.Fun.Name {
	case "alloca":
		c.allocaSize(x, 0)
	case "copyin":
		c.allocaSize(x, 1)
	case "bcopy":
		dst = 1
	case "copyinto":
		dst = 2
	case "inet_ntoa6":
		if len(x.Args) > 1 {
			if _, ok := c.info.Consts[x.Args[1]]; !ok {
				c.errorf(x, diag.D_PROTO_ARG, "inet_ntoa6( ) argument #2 must be an integer constant")
			}
		}
	}
	if dst >= 0 && dst < len(x.Args) && !c.isAlloca(x.Args[dst]) {
		c.errorf(x, diag.D_PROTO_ARG, "%s( ) argument #%d is incompatible with prototype:\n\tprototype: alloca pointer\n\t argument: non-alloca pointer", x.Fun.Name, dst+1)
	}
}

// allocaSize refuses a constant size (argument i of x) larger than
// scratchsize, which alloca() and copyin() could never allocate: DTrace's
// code generator refuses it (dt_cg_subr_alloca_impl, which copyin() calls
// too), so that it generates no code the verifier would find unreachable.
// The size compares as the unsigned 64-bit value of the constant.
func (c *Checker) allocaSize(x *ast.Call, i int) {
	if i >= len(x.Args) {
		return
	}
	v, ok := c.info.Consts[x.Args[i]]
	if !ok {
		return
	}
	// dt_opt_scratchsize rounds the option up to a multiple of 8.
	if limit := (c.scratchSize() + 7) &^ 7; uint64(v) > uint64(limit) {
		c.errorf(x, diag.D_ALLOCA_SIZE, "alloca(%d) size larger than scratchsize %d", uint64(v), limit)
	}
}

// scratchSize is scratchsize for the program being checked: its own
// pragmas set it as they are read, before any code is generated.
func (c *Checker) scratchSize() int64 {
	size := int64(256)
	if c.cfg.ScratchSize != nil {
		size = c.cfg.ScratchSize()
	}
	if c.cfg.ParseSize != nil {
		for _, o := range c.info.Options {
			if o.Name == "scratchsize" && o.Given {
				if v, ok := c.cfg.ParseSize(o.Value); ok {
					size = v
				}
			}
		}
	}
	return size
}

// allocaVar returns the variable an assignment to x stores into, or nil.
func (c *Checker) allocaVar(x ast.Expr) *Object {
	switch e := ast.Unparen(x).(type) {
	case *ast.Ident, *ast.ScopedVar, *ast.Index:
		o := c.info.Uses[e]
		if o == nil {
			return nil
		}
		switch o.Kind() {
		case ObjGlobal, ObjSelf, ObjThis:
			return o
		}
	}
	return nil
}

// allocaAnswer is isAlloca's answer for an expression while allocaVars
// is the same: while allocaGen is gen.
type allocaAnswer struct {
	gen    uint32
	alloca bool
}

// isAlloca reports whether the value of x is an alloca pointer. The
// answers are kept until what a variable is assigned changes, so that
// asking of every node of an expression takes time linear in its size,
// not in its size times its depth.
func (c *Checker) isAlloca(x ast.Expr) bool {
	if a, ok := c.allocaMemo[x]; ok && a.gen == c.allocaGen {
		return a.alloca
	}
	v := c.computeAlloca(x)
	if c.allocaMemo != nil {
		c.allocaMemo[x] = allocaAnswer{gen: c.allocaGen, alloca: v}
	}
	return v
}

// computeAlloca is isAlloca without its memory.
func (c *Checker) computeAlloca(x ast.Expr) bool {
	c.work++
	switch e := x.(type) {
	case *ast.Paren:
		return c.isAlloca(e.X)
	case *ast.Call:
		return e.Fun.Name == "alloca" || e.Fun.Name == "copyin"
	case *ast.Ident, *ast.ScopedVar, *ast.Index:
		if o := c.info.Uses[e]; o != nil {
			return c.allocaVars[o]&allocaAssigned != 0
		}
		return false
	case *ast.Cast:
		return c.isAlloca(e.X)
	case *ast.Binary:
		switch e.Op {
		case ast.Comma:
			return c.isAlloca(e.Y)
		case ast.Add, ast.Sub, ast.Mul, ast.Div, ast.Mod, ast.And, ast.Or, ast.Xor, ast.LAnd, ast.LOr, ast.LXor:
			return c.isAlloca(e.X) || c.isAlloca(e.Y)
		}
	case *ast.Cond:
		return c.isAlloca(e.T)
	case *ast.Assign:
		return c.isAlloca(e.X)
	case *ast.Stringof:
		return c.isAlloca(e.X)
	case *ast.Unary:
		switch e.Op {
		case ast.PreInc, ast.PreDec, ast.PostInc, ast.PostDec:
			return c.isAlloca(e.X)
		case ast.Addr:
			return c.allocaPlace(e.X)
		}
	}
	return false
}

// allocaPlace reports whether the lvalue x lies in memory an alloca
// pointer points to (AllocaPlace).
func (c *Checker) allocaPlace(x ast.Expr) bool { return c.info.AllocaPlace(x, c.isAlloca) }

// AllocaPlace reports whether the lvalue x lies in memory an alloca
// pointer points to: *p, p[i], p->m, or a member or element of one, where
// isAlloca says which values are alloca pointers. An associative array's
// element (or args[]: an index info's Uses resolves) is not.
func (info *Info) AllocaPlace(x ast.Expr, isAlloca func(ast.Expr) bool) bool {
	switch e := x.(type) {
	case *ast.Paren:
		return info.AllocaPlace(e.X, isAlloca)
	case *ast.Unary:
		return e.Op == ast.Deref && isAlloca(e.X)
	case *ast.Index:
		if info.Uses[e] != nil {
			return false
		}
		return isAlloca(e.X) || isAlloca(e.Index[0]) || info.AllocaPlace(e.X, isAlloca)
	case *ast.Member:
		if e.Arrow {
			return isAlloca(e.X)
		}
		return info.AllocaPlace(e.X, isAlloca)
	}
	return false
}

// allocaMixed reports whether x is a ?: with one branch an alloca pointer
// and the other not (or holds such a ?: where its value comes from).
func (c *Checker) allocaMixed(x ast.Expr) bool {
	switch e := x.(type) {
	case *ast.Paren:
		return c.allocaMixed(e.X)
	case *ast.Cast:
		return c.allocaMixed(e.X)
	case *ast.Cond:
		return c.isAlloca(e.T) != c.isAlloca(e.F) || c.allocaMixed(e.T) || c.allocaMixed(e.F)
	case *ast.Binary:
		if e.Op == ast.Comma {
			return c.allocaMixed(e.Y)
		}
	}
	return false
}

// isLiteralZero reports whether x is what DTrace's parser folds into the
// integer constant 0, which assigns no alloca-ness: a literal, an integer
// constant inline such as NULL ("inline long NULL = 0", which dt_node_ident
// reads as a copy of its value's constant), an enumerator, a macro
// argument, or such a constant cast to an integer type (dt_node_op2 folds
// that cast; a cast to a pointer stays a cast).
func isLiteralZero(c *Checker, x ast.Expr) bool {
	switch e := ast.Unparen(x).(type) {
	case *ast.IntLit, *ast.CharLit, *ast.Ident, *ast.Macro:
		v, ok := c.info.Consts[e]
		return ok && v == 0
	case *ast.Cast:
		t := c.info.Types[e]
		return t != nil && t.IsInteger() && isLiteralZero(c, e.X)
	}
	return false
}
