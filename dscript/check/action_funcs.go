package check

import (
	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/diag"
	"github.com/dtrace-go/dtrace/dscript/types"
	"github.com/dtrace-go/dtrace/probe"
)

// compileAction compiles a tracing function called as a statement, with
// the checks of libdtrace's dt_action_* functions, and returns the actions
// it makes.
func (c *Checker) compileAction(cs *compileState, x *ast.Call, f *builtinFunc) []actKind {
	name := x.Fun.Name
	args := x.Args
	cgAll := func() {
		for _, a := range args {
			c.cg(a)
		}
	}
	switch name {
	case "breakpoint", "panic", "stop":
		return []actKind{actDestructive}
	case "chill", "raise":
		cgAll()
		return []actKind{actDestructive}
	case "return":
		c.returnProbes(x)
		cgAll()
		return []actKind{actDestructive}
	case "clear":
		c.aggAction(x, "D_CLEAR")
		return []actKind{actRecord}
	case "normalize", "denormalize":
		c.aggAction(x, "D_NORMALIZE")
		return []actKind{actRecord}
	case "trunc":
		c.aggAction(x, "D_TRUNC")
		return []actKind{actRecord, actRecord}
	case "commit":
		cgAll()
		return []actKind{actCommit}
	case "speculate":
		cgAll()
		return []actKind{actSpeculate}
	case "discard":
		cgAll()
		return []actKind{actDiscard}
	case "exit":
		cgAll()
		return []actKind{actExit}
	case "printf", "system", "freopen":
		c.printfLike(cs, x)
		kind := actRecord
		if f.destructive {
			kind = actDestructive
		}
		return []actKind{kind}
	case "printa":
		return c.printa(cs, x)
	case "ftruncate":
		return []actKind{actRecord}
	case "setopt":
		cgAll()
		return []actKind{actRecord, actRecord}
	case "trace":
		c.traceAction(x)
		return []actKind{actRecord}
	case "print":
		c.printAction(x)
		return []actKind{actRecord}
	case "tracemem":
		c.tracemem(x)
		return []actKind{actRecord}
	case "stack":
		c.stackArgs(x)
		return []actKind{actRecord}
	case "ustack", "jstack":
		c.ustackArgs(x)
		return []actKind{actRecord}
	case "sym", "func", "mod", "usym", "ufunc", "umod", "uaddr", "cgroup_path":
		cgAll()
		return []actKind{actRecord}
	case "pcap":
		// The packet of the struct sk_buff * addr, its protocol proto:
		// a data-recording action (dt_cg_act_pcap).
		cgAll()
		return []actKind{actRecord}
	}
	c.errorf(x, diag.D_UNKNOWN, "tracing function %s( ) is not yet supported", name)
	return nil
}

// aggAction checks clear(@a), normalize(@a, n), denormalize(@a) and
// trunc(@a[, n]) as Oracle's dt_cg_act_clear, _normalize, _denormalize and
// _trunc do, once the prototypes have fixed the argument count: the
// first argument must be an aggregation, a second one a scalar. tag is
// the tags' prefix.
func (c *Checker) aggAction(x *ast.Call, tag string) {
	name := x.Fun.Name
	if !isAggArg(x.Args[0]) {
		c.errorf(x, diag.Tag(tag+"_AGGARG"), "%s( ) argument #1 is incompatible with prototype:\n\tprototype: aggregation\n\t argument: %s", name, c.typeOf(x.Args[0]))
	}
	if len(x.Args) == 2 {
		if t := c.typeOf(x.Args[1]); isAggArg(x.Args[1]) || !t.IsScalar() {
			c.errorf(x, diag.Tag(tag+"_SCALAR"), "%s( ) argument #2 must be of scalar type", name)
		}
		c.cg(x.Args[1])
	}
}

// traceAction checks trace(x) as Oracle's dt_cg_act_trace does.
func (c *Checker) traceAction(x *ast.Call) {
	a := x.Args[0]
	if !isAggArg(a) && c.typeOf(a).IsVoid() {
		c.errorf(a, diag.D_TRACE_VOID, "trace( ) may not be applied to a void expression")
	}
	if isAggArg(a) {
		c.errorf(a, diag.D_TRACE_DYN, "trace( ) may not be applied to a dynamic expression")
	}
	c.cgArg(a)
}

// printAction checks print(p) as Oracle's dt_cg_act_print does: the
// prototype takes a pointer; what it points to must have a size. The
// kernel types it holds by value are completed, for the consumer to show
// them member by member.
func (c *Checker) printAction(x *ast.Call) {
	a := x.Args[0]
	e, ok := pointee(c.typeOf(a))
	if isStructOrUnion(c.typeOf(a)) {
		e, ok = c.typeOf(a), true // print(*p): printInMemory let it through
	}
	if ok {
		c.completeValue(e, map[*types.Type]bool{})
	}
	if ok && (!e.IsComplete() || e.Resolve().Size == 0) {
		// An incomplete type, or one of size 0 (a kernel struct with
		// no members, as the kernel's configuration may leave one:
		// struct lock_class_key without lockdep), as dt_cg_act_print
		// refuses what ctf_type_size finds no bytes in.
		c.errorf(a, diag.D_PRINT_SIZE, "print( ) argument #1 reference has type '%s' with size 0; cannot print( ) it.", e)
	}
	c.cg(a)
}

// tracemem checks tracemem(addr, size[, dsize]) as Oracle's
// dt_cg_act_tracemem does.
func (c *Checker) tracemem(x *ast.Call) {
	addr, size := x.Args[0], x.Args[1]
	if t := c.typeOf(addr); isAggArg(addr) || !(t.IsInteger() && !t.IsSpecial() || isPtrLike(t) && !t.IsString()) {
		c.errorf(addr, diag.D_TRACEMEM_ADDR, "tracemem( ) argument #1 is incompatible with prototype:\n\tprototype: pointer or integer\n\t argument: %s", t)
	}
	if !c.isPosConst(size) {
		c.errorf(size, diag.D_TRACEMEM_SIZE, "tracemem( ) argument #2 must be a non-zero positive integral constant expression")
	}
	if len(x.Args) > 2 {
		c.cg(x.Args[2])
	}
	c.cg(addr)
}

// stackArgs checks stack([n]) as Oracle's dt_cg_stack_arg does.
func (c *Checker) stackArgs(x *ast.Call) {
	if len(x.Args) == 0 {
		return
	}
	if arg0 := x.Args[0]; !c.isPosConst(arg0) {
		c.errorf(arg0, diag.D_STACK_SIZE, "stack( ) argument #1 must be a non-zero positive integer constant")
	}
}

// ustackArgs checks ustack([n[, strsize]]) and jstack(...) as Oracle's
// dt_cg_stack_arg does (the messages say ustack for both).
func (c *Checker) ustackArgs(x *ast.Call) {
	if len(x.Args) > 0 && !c.isPosConst(x.Args[0]) {
		c.errorf(x.Args[0], diag.D_USTACK_FRAMES, "ustack( ) argument #1 must be a non-zero positive integer constant")
	}
	if len(x.Args) > 1 {
		arg1 := x.Args[1]
		v, ok := c.intConst(arg1)
		if !ok || c.typeOf(arg1).IsSigned() && v < 0 {
			c.errorf(arg1, diag.D_USTACK_STRSIZE, "ustack( ) argument #2 must be a positive integer constant")
		}
	}
}

// printfLike checks printf, system and freopen as dt_action_printflike
// does: a string constant format, then the format against the arguments.
func (c *Checker) printfLike(cs *compileState, x *ast.Call) {
	name := x.Fun.Name
	format, ok := c.stringConst(x.Args[0])
	if !ok {
		c.errorf(x, diag.D_PRINTF_ARG_FMT, "%s( ) argument #1 is incompatible with prototype:\n\tprototype: string constant\n\t argument: %s", name, c.typeOf(x.Args[0]))
	}
	cs.lineno = x.Pos()
	if name == "freopen" {
		if format == freopenRestore {
			c.errorf(x, diag.D_FREOPEN_INVALID, "%s( ) argument #1 cannot be \"%s\"", name, freopenRestore)
		}
		if format == "" {
			format = freopenRestore
		}
	}
	var argTypes []*types.Type
	for _, a := range x.Args[1:] {
		argTypes = append(argTypes, c.typeOf(a))
	}
	c.checkFormat(cs.lineno, name, format, argTypes)
	for _, a := range x.Args[1:] {
		c.cgArg(a)
	}
}

// freopenRestore is the sentinel format freopen("") stands for.
const freopenRestore = "."

// printa checks printa([fmt, ]@a, ...) as dt_action_printa does, and
// returns one action per aggregation.
func (c *Checker) printa(cs *compileState, x *ast.Call) []actKind {
	name := x.Fun.Name
	argc := len(x.Args)
	args := x.Args
	format, hasFormat := "", false
	argr := 1
	if s, ok := ast.Unparen(args[0]).(*ast.StringLit); ok {
		format, hasFormat = s.Value, true
		args = args[1:]
		argr = 2
	}
	if argc < argr {
		c.errorf(x, diag.D_PRINTA_PROTO, "%s( ) prototype mismatch: %d args passed, %d expected", name, argc, argr)
	}
	var acts []actKind
	var first *aggregation
	for _, a := range args {
		if !isAggArg(a) {
			c.errorf(x, diag.D_PRINTA_AGGARG, "%s( ) argument #%d is incompatible with prototype:\n\tprototype: aggregation\n\t argument: %s", name, argr, c.typeOf(a))
		}
		agg := c.aggs[ast.Unparen(a).(*ast.Agg).Name]
		if first == nil {
			first = agg
		} else {
			c.printaValidate(cs, first, agg)
		}
		if hasFormat {
			cs.lineno = x.Pos()
			c.checkPrinta(cs.lineno, format, first)
			hasFormat = false
		}
		acts = append(acts, actRecord)
		argr++
	}
	return acts
}

// printaValidate checks that a later aggregation of printa() has the key
// signature of the first, as dt_printa_validate does. Its errors are
// reported at the current yylineno.
func (c *Checker) printaValidate(cs *compileState, first, agg *aggregation) {
	at := lineNode{cs.lineno}
	fn, an := aggDisplay(first.name), aggDisplay(agg.name)
	if len(first.keys) != len(agg.keys) {
		c.errorf(at, diag.D_PRINTA_AGGKEY, "printa( ): %s and %s do not have matching key signatures: %s has %d key%s, %s has %d key%s",
			fn, an, fn, len(first.keys), plural(len(first.keys)), an, len(agg.keys), plural(len(agg.keys)))
	}
	for i, k := range first.keys {
		if !argCompatible(k, operand{t: agg.keys[i]}) {
			c.errorf(at, diag.D_PRINTA_AGGPROTO, "printa( ): %s[ ] key #%d is incompatible with %s:\n%9s key #%d: %s\n%9s key #%d: %s",
				an, i+1, fn, fn[1:], i+1, k, an[1:], i+1, agg.keys[i])
		}
	}
}

// lineNode is a position without a node: where libdtrace's yylineno
// points.
type lineNode struct{ at ast.Pos }

func (l lineNode) Pos() ast.Pos { return l.at }

// completeValue completes t and, for a struct, union or array, the types
// it holds by value (not those it points to).
func (c *Checker) completeValue(t *types.Type, seen map[*types.Type]bool) {
	r := c.complete(t).Resolve()
	if r == nil || seen[r] {
		return
	}
	seen[r] = true
	switch r.Kind {
	case types.Array:
		c.completeValue(r.Elem, seen)
	case types.Struct, types.Union:
		for _, m := range r.Members {
			c.completeValue(m.Type, seen)
		}
	}
}

// returnProbes checks that the clause of return(rc) is enabled only on
// fbt entry probes, the one place where the kernel lets a program make
// the traced function return a value of its choosing (at the function's
// first instruction, before it runs): each probe a description matches,
// or, where it matches none (-Z) or no catalog is known, the description's
// provider and name fields, which must then say fbt and entry.
func (c *Checker) returnProbes(x *ast.Call) {
	if c.clause == nil {
		return
	}
	for _, pd := range c.clause.descs {
		ps := c.info.Matches[pd]
		for _, p := range ps {
			if p.Provider != "fbt" || p.Name != "entry" {
				c.errorf(x, diag.D_RETURN_PROBE, "return( ) may only be used in fbt entry probes: %s is not one",
					probe.Name(p.Provider, p.Module, p.Function, p.Name))
			}
		}
		if len(ps) == 0 && (pd.Provider != "fbt" || pd.Name != "entry") {
			c.errorf(x, diag.D_RETURN_PROBE, "return( ) may only be used in fbt entry probes: %s matches others",
				probe.Name(pd.Provider, pd.Module, pd.Func, pd.Name))
		}
	}
}
