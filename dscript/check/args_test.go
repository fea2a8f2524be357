package check_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/dtrace-go/dtrace/dscript"
	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/check"
	"github.com/dtrace-go/dtrace/dscript/diag"
	"github.com/dtrace-go/dtrace/dscript/types"
	"github.com/dtrace-go/dtrace/probe"
)

// argsCatalog is a catalog of a few probes with typed arguments: the
// "good" provider's stability lets a description name only its probes'
// names (its modules and functions are private), the "fast" provider's
// arguments are Evolving and its names too.
type argsCatalog struct{ probes []check.Probe }

func (c argsCatalog) Match(d probe.Desc) ([]check.Probe, error) {
	var out []check.Probe
	for _, p := range c.probes {
		if glob(d.Provider, p.Provider) && glob(d.Module, p.Module) && glob(d.Function, p.Function) && glob(d.Name, p.Name) {
			out = append(out, p)
		}
	}
	return out, nil
}

// glob matches the patterns these tests use: empty, NAME*, or a name.
func glob(pat, s string) bool {
	if pat == "" {
		return true
	}
	if p, ok := strings.CutSuffix(pat, "*"); ok {
		return strings.HasPrefix(s, p)
	}
	return pat == s
}

// taskStruct is the kernel's struct task_struct, as far as these tests go.
var taskStruct = &types.Type{Kind: types.Struct, Name: "task_struct", Module: "vmlinux", Size: 32, Complete: true,
	Members: []types.Member{{Name: "pid", Type: types.IntType, Offset: 0}, {Name: "comm", Type: types.ArrayOf(types.CharType, 16), Offset: 8}}}

// pair is a 16-byte struct passed by value (two argument slots).
var pair = &types.Type{Kind: types.Struct, Name: "pair", Module: "vmlinux", Size: 16, Complete: true,
	Members: []types.Member{{Name: "a", Type: types.LongType, Offset: 0}, {Name: "b", Type: types.LongType, Offset: 8}}}

type fakeKernel struct{}

func (fakeKernel) Type(kind, name string) *types.Type {
	switch kind + " " + name {
	case "struct task_struct":
		return taskStruct
	case "struct lock_class_key":
		// A struct the kernel's configuration leaves empty: 0 bytes.
		return &types.Type{Kind: types.Struct, Name: "lock_class_key", Module: "vmlinux", Complete: true}
	case "typedef u32":
		return &types.Type{Kind: types.Typedef, Name: "u32", Module: "vmlinux", Elem: types.UIntType, Size: 4}
	}
	return nil
}

func (fakeKernel) Symbol(string) (*types.Type, bool) { return nil, false }

func argsOf(args []check.Arg, err error) func() ([]check.Arg, bool, error) {
	return func() ([]check.Arg, bool, error) { return args, args != nil || err != nil, err }
}

var good = check.Stability{Args: false, Module: false, Function: false, Name: true}

var argsProbes = argsCatalog{[]check.Probe{
	{ID: 1, Provider: "good", Module: "m", Function: "open", Name: "entry", Stable: good,
		Args: argsOf([]check.Arg{{Name: "int", Slot: 0}, {Name: "const char *", Slot: 1}, {Name: "u32", Slot: 2}}, nil)},
	{ID: 2, Provider: "good", Module: "m", Function: "openat", Name: "entry", Stable: good,
		Args: argsOf([]check.Arg{{Name: "char *", Slot: 0}}, nil)},
	{ID: 3, Provider: "good", Module: "m", Function: "switch", Name: "entry", Stable: good,
		Args: argsOf([]check.Arg{{Name: "struct pair", Type: pair, Slot: 0}, {Name: "struct task_struct *", Slot: 2},
			{Name: "char [16]", Slot: 3}, {Name: "int (*)(void *)", Slot: 4}, {Name: "struct nosuch *", Slot: 5}}, nil)},
	{ID: 4, Provider: "good", Module: "m", Function: "close", Name: "entry", Stable: good,
		Args: argsOf([]check.Arg{{Name: "int", Slot: 0}}, nil)},
	{ID: 5, Provider: "good", Module: "m", Function: "untyped", Name: "entry", Stable: good},
	{ID: 6, Provider: "good", Module: "m", Function: "open", Name: "return", Stable: good,
		Args: argsOf([]check.Arg{{Name: "long", Slot: 0}}, nil)},
	{ID: 7, Provider: "broken", Module: "m", Function: "f", Name: "entry",
		Args: argsOf(nil, errors.New("cannot read"))},
}}

// compileArgs compiles src against argsProbes; it returns the program's
// info and error.
func compileArgs(t *testing.T, src string) (*check.Info, error) {
	t.Helper()
	p, err := dscript.New(dscript.Config{Args: []string{"t.d"}, Kernel: fakeKernel{}, Probes: argsProbes}).
		Compile(dscript.Source{Kind: dscript.Script, Name: "t.d", Text: []byte(src)})
	if err != nil {
		return nil, err
	}
	return p.Info, nil
}

// tracedArgs returns the type of the expression each trace() of the
// program traces, the args[] references in order, and their slots.
func tracedArgs(t *testing.T, src string) ([]string, map[*ast.Index]check.ArgRef, []*ast.Index) {
	t.Helper()
	p, err := dscript.New(dscript.Config{Args: []string{"t.d"}, Kernel: fakeKernel{}, Probes: argsProbes}).
		Compile(dscript.Source{Kind: dscript.Script, Name: "t.d", Text: []byte(src)})
	if err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	var typs []string
	var idx []*ast.Index
	for _, it := range p.File.Items {
		cl, ok := it.(*ast.Clause)
		if !ok {
			continue
		}
		for _, s := range cl.Body {
			arg := s.(*ast.ExprStmt).X.(*ast.Call).Args[0]
			typs = append(typs, p.Info.Types[arg].String())
			ast.Inspect(arg, func(n ast.Node) bool {
				if x, ok := n.(*ast.Index); ok {
					idx = append(idx, x)
				}
				return true
			})
		}
	}
	return typs, p.Info.Args, idx
}

// TestArgsTyped checks that args[i] has its probe's i'th argument type:
// C type names resolved against D's and the kernel's types, types given
// already resolved, in the slots the probe says.
func TestArgsTyped(t *testing.T) {
	typs, refs, idx := tracedArgs(t, `good:m:open:entry
{
	trace(args[0]);
	trace(args[1]);
	trace(args[2]);
}
good:m:switch:entry
{
	trace(args[0]);
	trace(args[1]);
	trace(args[1]->comm);
	trace(args[2]);
	trace(args[3]);
	trace(args[0].b);
}
`)
	want := []string{"int", "const char *", "u32", "struct pair", "struct task_struct *", "char [16]", "char [16]", "int (*)(void *)", "long"}
	if strings.Join(typs, "|") != strings.Join(want, "|") {
		t.Errorf("types:\n got %q\nwant %q", typs, want)
	}
	slots := map[int]check.ArgRef{3: {Slot: 0, Slots: 2}, 4: {Slot: 2, Slots: 1}, 6: {Slot: 3, Slots: 1}, 7: {Slot: 4, Slots: 1}}
	for i, ref := range slots {
		if got := refs[idx[i]]; got != ref {
			t.Errorf("args reference %d: slots %+v, want %+v", i, got, ref)
		}
	}
}

// TestArgsRules checks dt_probe_info's and dt_idcook_args's rules, and the
// cases where args[] stays untyped.
func TestArgsRules(t *testing.T) {
	for _, c := range []struct {
		src  string
		tag  diag.Tag // the error, or ""
		typ  string   // else args[0]'s type
		want string   // a part of the message
	}{
		// One probe, or several whose names are written out: the first's.
		{src: `good:m:open:entry { trace(args[0]); }`, typ: "int"},
		{src: `good:m:open*:entry { trace(args[0]); }`, typ: "int"},
		{src: `good:::entry { trace(args[0]); }`, typ: "int"},
		// A name this provider keeps Evolving left out: unstable.
		{src: `good:m:open: { trace(args[0]); }`, tag: diag.D_ARGS_MULTI,
			want: "args[ ] may not be referenced because probe description good:m:open: matches an unstable set of probes"},
		// The provider left out of a provider with private arguments.
		{src: `:m:open*:entry { trace(args[0]); }`, tag: diag.D_ARGS_MULTI},
		// One probe: stable whatever is left out.
		{src: `good:m:close: { trace(args[0]); }`, typ: "int"},
		{src: `good:m:open:entry { trace(args[3]); }`, tag: diag.D_ARGS_IDX,
			want: "index 3 is out of range for good:m:open:entry args[ ]"},
		{src: `good:m:open:entry { trace(args[-1]); }`, tag: diag.D_ARGS_IDX},
		{src: `good:m:switch:entry { trace(args[4]); }`, tag: diag.D_ARGS_TYPE,
			want: "failed to resolve native type for args[4]"},
		// Untyped where the arguments are not known.
		{src: `good:m:untyped:entry { trace(args[5]); }`, typ: "int64_t"},
		{src: `broken:m:f:entry { trace(args[0]); }`, typ: "int64_t"},
		// Descriptions that agree, and that do not.
		{src: `good:m:open:entry, good:m:close:entry { trace(args[0]); }`, typ: "int"},
		{src: `good:m:open:entry, good:m:openat:entry { trace(args[0]); }`, typ: "int64_t"},
		{src: `good:m:open:entry, good:m:close:entry { trace(args[1]); }`, tag: diag.D_ARGS_IDX,
			want: "for good:m:close:entry args[ ]"},
	} {
		info, err := compileArgs(t, c.src)
		if c.tag != "" {
			var de *diag.Error
			if !errors.As(err, &de) || de.Tag != c.tag || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s: error %v, want %s %q", c.src, err, c.tag, c.want)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.src, err)
			continue
		}
		var got string
		for x, typ := range info.Types {
			if _, ok := x.(*ast.Index); ok {
				got = typ.String()
			}
		}
		if got != c.typ {
			t.Errorf("%s: args[] is %s, want %s", c.src, got, c.typ)
		}
	}
}
