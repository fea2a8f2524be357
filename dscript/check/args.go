package check

import (
	"sort"
	"strconv"
	"strings"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/diag"
	"github.com/dtrace-go/dtrace/dscript/types"
	"github.com/dtrace-go/dtrace/probe"
)

// Typed args[].
//
// As libdtrace's dt_idcook_args does with the probe dt_probe_info finds
// for a clause's description: args[i] has the type of the i'th argument
// of the first probe the description matches, unless the description
// matches several probes and leaves out (or writes as a pattern) a field
// whose names the provider keeps Evolving or better, or leaves out the
// provider of a provider whose arguments are less than Evolving: then the
// set of probes is unstable and args[] may not be used (D_ARGS_MULTI). An
// index past the probe's arguments is D_ARGS_IDX, a type that cannot be
// resolved D_ARGS_TYPE.
//
// Beyond DTrace, which compiles a clause once per description: a clause
// whose descriptions give args[i] different types, and a description
// whose probes' arguments are not known (a provider that does not say
// them, no catalog, -Z with no match), give args[i] int64_t, the type of
// the untyped argument.

// clauseArgs is what a clause's descriptions say of args[].
type clauseArgs struct {
	// unstable is a description matching an unstable set of probes.
	unstable *probe.Desc
	// known says that every description's first probe has known
	// arguments; then each description's are in descs.
	known bool
	descs []descArgs
}

// descArgs are the arguments of one description's first probe.
type descArgs struct {
	desc probe.Desc
	args []Arg
}

// clauseArgs returns what the clause's descriptions say of args[],
// working it out on the first call.
func (c *Checker) clauseArgs() *clauseArgs {
	cs := c.clause
	if cs.args != nil {
		return cs.args
	}
	ca := &clauseArgs{known: c.cfg.Probes != nil && len(cs.descs) > 0}
	cs.args = ca
	for _, pd := range cs.descs {
		d := DescOf(pd)
		ps := c.info.Matches[pd]
		if len(ps) == 0 {
			ca.known = false
			continue
		}
		if len(ps) > 1 && unstableSet(d, ps[0].Stable) {
			ca.unstable = &d
			return ca
		}
		if ps[0].Args == nil {
			ca.known = false
			continue
		}
		args, known, err := ps[0].Args()
		if err == nil && !known && ps[0].NArgs == 0 {
			// A probe whose provider types no arguments and that
			// passes none (dtrace's BEGIN, END and ERROR): every
			// args[i] is out of range.
			ca.descs = append(ca.descs, descArgs{desc: d})
			continue
		}
		if err != nil || !known {
			ca.known = false
			continue
		}
		ca.descs = append(ca.descs, descArgs{desc: d, args: args})
	}
	return ca
}

// unstableSet reports whether a description d that matches several
// probes, the first's provider's stability being st, matches an unstable
// set (dt_probe_info's conditions).
func unstableSet(d probe.Desc, st Stability) bool {
	if d.ID != 0 {
		return false
	}
	glob := func(f string) bool { return f == "" || strings.ContainsAny(f, "*?[\\") }
	return !st.Args && glob(d.Provider) ||
		st.Module && glob(d.Module) ||
		st.Function && glob(d.Function) ||
		st.Name && glob(d.Name)
}

// argsIndex types args[idx] in the current clause; def is the type of an
// untyped argument.
func (c *Checker) argsIndex(x *ast.Index, idx int64, def *types.Type) operand {
	ca := c.clauseArgs()
	if ca.unstable != nil {
		c.errorf(x, diag.D_ARGS_MULTI, "args[ ] may not be referenced because probe description %s matches an unstable set of probes", ca.unstable)
	}
	if !ca.known {
		if idx < 0 {
			c.errorf(x, diag.D_ARGS_IDX, "index %d is out of range for args[ ]", idx)
		}
		return operand{t: def}
	}
	var t *types.Type
	var native string
	slot, slots := 0, 1
	for i, da := range ca.descs {
		if idx < 0 || idx >= int64(len(da.args)) {
			c.errorf(x, diag.D_ARGS_IDX, "index %d is out of range for %s args[ ]", idx, da.desc)
		}
		a := da.args[idx]
		at := a.Type
		if at == nil {
			at = c.argType(a.Name)
		}
		if at == nil {
			c.errorf(x, diag.D_ARGS_TYPE, "failed to resolve native type for args[%d]", idx)
		}
		n := int(at.Resolve().Size+7) / 8
		if r := at.Resolve(); r.Kind != types.Struct && r.Kind != types.Union || n < 1 {
			n = 1
		}
		if i == 0 {
			t, slot, slots, native = at, a.Slot, n, a.Native
			continue
		}
		if at.String() != t.String() || a.Slot != slot || n != slots || a.Native != native {
			// The descriptions disagree: the untyped argument.
			return operand{t: def}
		}
	}
	if c.info.Args == nil {
		c.info.Args = map[*ast.Index]ArgRef{}
	}
	c.info.Args[x] = ArgRef{Slot: slot, Slots: slots}
	if native != "" {
		return c.argsXlate(x, idx, t, native)
	}
	return operand{t: t}
}

// argsXlate types args[idx], whose probe passes a value of the C type
// native that the D library translates to what t points to (a stable
// provider's psinfo_t *): its members are read through the translator.
func (c *Checker) argsXlate(x *ast.Index, idx int64, t *types.Type, native string) operand {
	nt := c.argType(native)
	r := t.Resolve()
	var xl *translator
	if nt != nil && r.Kind == types.Pointer {
		xl = c.findXlator(r.Elem, nt)
	}
	if xl == nil {
		c.errorf(x, diag.D_ARGS_XLATOR, "failed to resolve translated type for args[%d]", idx)
	}
	c.recordXlator(x, xl)
	return operand{t: t, xl: xl}
}

// argType resolves a C type name as a provider writes an argument's
// type ("const char *", "struct task_struct *", "size_t", "char [16]",
// "int (*)(void *)") against the D types, the program's and the kernel's,
// or returns nil.
func (c *Checker) argType(name string) (t *types.Type) {
	defer func() {
		// A name resolving to something the checker refuses (an
		// incomplete type) is not resolved.
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			t = nil
		}
	}()
	p := &typeParser{c: c, toks: tokenizeType(name)}
	t = p.typ()
	if t == nil || p.pos != len(p.toks) {
		return nil
	}
	return t
}

// tokenizeType splits a C type name into identifiers, numbers and
// punctuation.
func tokenizeType(s string) []string {
	var toks []string
	for i := 0; i < len(s); {
		ch := s[i]
		switch {
		case ch == ' ' || ch == '\t':
			i++
		case isIdentByte(ch):
			j := i
			for j < len(s) && isIdentByte(s[j]) {
				j++
			}
			toks = append(toks, s[i:j])
			i = j
		case ch == '.' && strings.HasPrefix(s[i:], "..."):
			toks = append(toks, "...")
			i += 3
		default:
			toks = append(toks, s[i:i+1])
			i++
		}
	}
	return toks
}

func isIdentByte(ch byte) bool {
	return ch == '_' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9'
}

// typeParser parses a C type name: qualifiers and a specifier, then an
// abstract declarator of pointers, arrays and function parameters.
type typeParser struct {
	c    *Checker
	toks []string
	pos  int
}

func (p *typeParser) peek() string {
	if p.pos < len(p.toks) {
		return p.toks[p.pos]
	}
	return ""
}

func (p *typeParser) next() string {
	t := p.peek()
	p.pos++
	return t
}

// intWords are the words of C's integer and floating types.
var intWords = map[string]bool{"char": true, "short": true, "int": true, "long": true, "signed": true,
	"unsigned": true, "_Bool": true, "float": true, "double": true, "void": true}

// typ parses a whole type name.
func (p *typeParser) typ() *types.Type {
	base := p.specifier()
	if base == nil {
		return nil
	}
	return p.declarator(base)
}

// specifier parses qualifiers and the base type.
func (p *typeParser) specifier() *types.Type {
	var q types.Qual
	var words []string
	var t *types.Type
	for p.pos < len(p.toks) {
		w := p.peek()
		switch {
		case w == "const":
			q |= types.Const
		case w == "volatile":
			q |= types.Volatile
		case w == "restrict":
			q |= types.Restrict
		case intWords[w] && t == nil:
			words = append(words, w)
		case (w == "struct" || w == "union" || w == "enum") && t == nil && words == nil:
			p.next()
			tag := p.peek()
			if tag == "" || !isIdentByte(tag[0]) {
				return nil
			}
			t = p.c.tagType(w, tag)
			if t == nil {
				return nil
			}
		case t == nil && words == nil && w != "" && isIdentByte(w[0]) && (w[0] < '0' || w[0] > '9'):
			td, ok := p.c.lookupTypedef(w)
			if !ok {
				return nil
			}
			t = td
		default:
			goto done
		}
		p.next()
	}
done:
	if words != nil {
		sort.Strings(words)
		bt, ok := basicTypes[strings.Join(words, " ")]
		if !ok {
			return nil
		}
		t = bt
	}
	if t == nil {
		return nil
	}
	return types.WithQual(t, q)
}

// declarator parses an abstract declarator applied to base: pointers,
// then either suffixes (arrays, a parameter list) or a parenthesized
// declarator followed by suffixes, which apply first.
func (p *typeParser) declarator(base *types.Type) *types.Type {
	t := p.pointers(base)
	if p.peek() == "(" && p.pos+1 < len(p.toks) && p.toks[p.pos+1] == "*" {
		p.next()
		inner := p.pos
		depth := 1
		for p.pos < len(p.toks) && depth > 0 {
			switch p.next() {
			case "(":
				depth++
			case ")":
				depth--
			}
		}
		if depth != 0 {
			return nil
		}
		end := p.pos
		t = p.suffixes(t)
		if t == nil {
			return nil
		}
		sub := &typeParser{c: p.c, toks: p.toks[inner : end-1]}
		t = sub.declarator(t)
		if t == nil || sub.pos != len(sub.toks) {
			return nil
		}
		return t
	}
	return p.suffixes(t)
}

// pointers applies "*" and their qualifiers.
func (p *typeParser) pointers(t *types.Type) *types.Type {
	for p.peek() == "*" {
		p.next()
		t = types.PointerTo(t)
		var q types.Qual
		for {
			switch p.peek() {
			case "const":
				q |= types.Const
			case "volatile":
				q |= types.Volatile
			case "restrict":
				q |= types.Restrict
			default:
				t = types.WithQual(t, q)
				goto next
			}
			p.next()
		}
	next:
	}
	return t
}

// suffixes applies array dimensions (the last innermost) and a parameter
// list.
func (p *typeParser) suffixes(t *types.Type) *types.Type {
	var dims []int64
	for p.peek() == "[" {
		p.next()
		n := int64(0)
		if p.peek() != "]" {
			v, err := strconv.ParseInt(p.next(), 0, 64)
			if err != nil || v < 0 {
				return nil
			}
			n = v
		}
		if p.next() != "]" {
			return nil
		}
		dims = append(dims, n)
	}
	for i := len(dims) - 1; i >= 0; i-- {
		t = types.ArrayOf(t, dims[i])
	}
	if p.peek() == "(" {
		p.next()
		ft := &types.Type{Kind: types.Func, Elem: t}
		for p.peek() != ")" {
			if p.peek() == "..." {
				p.next()
				ft.Variadic = true
				continue
			}
			if p.peek() == "," {
				p.next()
				continue
			}
			pt := p.typ()
			if pt == nil {
				return nil
			}
			if !pt.IsVoid() {
				ft.Params = append(ft.Params, pt)
			}
		}
		p.next()
		t = ft
	}
	return t
}

// tagType returns the struct, union or enum tag names: the program's own,
// else the kernel's.
func (c *Checker) tagType(kw, tag string) *types.Type {
	if t := c.tags[kw+" "+tag]; t != nil {
		return t
	}
	if c.loadLib("s:" + kw + " " + tag) {
		if t := c.tags[kw+" "+tag]; t != nil {
			return t
		}
	}
	if c.cfg.Kernel != nil {
		return c.cfg.Kernel.Type(kw, tag)
	}
	return nil
}
