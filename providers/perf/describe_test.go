package perf

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cilium/ebpf/btf"

	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/internal/ptest"
)

// fixture is the fixture system (see providers/internal/mkfixture).
var fixture = providers.System{
	Tracefs: "../testdata/system/tracing",
	BTF:     "../testdata/system/btf/vmlinux",
}

var _ providers.Describer = (*Provider)(nil)

// TestFixtureArgTypes lists the fixture's tracepoints and renders their
// argument types from its BTF.
func TestFixtureArgTypes(t *testing.T) {
	want := map[string][]string{
		"cpuhp:cpuhp_multi_enter":             {"unsigned int", "int", "int", "int (*)(unsigned int, struct hlist_node *)", "struct hlist_node *"},
		"cpuhp:cpuhp_enter":                   {"unsigned int", "int", "int", "int (*)(unsigned int)"},
		"irq:irq_handler_exit":                {"int", "struct irqaction *", "int"},
		"irq:irq_handler_entry":               {"int", "struct irqaction *"},
		"signal:signal_generate":              {"int", "struct kernel_siginfo *", "struct task_struct *", "int", "int"},
		"sched:sched_process_exec":            {"struct task_struct *", "pid_t", "struct linux_binprm *"},
		"sched:sched_process_fork":            {"struct task_struct *", "struct task_struct *"},
		"sched:sched_switch":                  {"bool", "struct task_struct *", "struct task_struct *", "unsigned int"},
		"raw_syscalls:sys_exit":               {"struct pt_regs *", "long int"},
		"raw_syscalls:sys_enter":              {"struct pt_regs *", "long int"},
		"timer_migration:tmigr_update_events": {"struct tmigr_group *", "struct tmigr_group *", "union tmigr_state", "union tmigr_state", "u64"},
		"block:block_rq_issue":                {"struct request *"},
		"tcp:tcp_send_reset":                  {"const struct sock *", "const struct sk_buff *", "const enum sk_rst_reason"},
		"net:netif_receive_skb":               {"struct sk_buff *"},
		"skb:kfree_skb":                       {"struct sk_buff *", "void *", "enum skb_drop_reason", "struct sock *"},
	}
	attrs := providers.Attributes{
		Provider: providers.Attr{Name: providers.Evolving, Data: providers.Evolving, Class: providers.ClassISA},
		Module:   providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassUnknown},
		Function: providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassUnknown},
		Name:     providers.Attr{Name: providers.Evolving, Data: providers.Evolving, Class: providers.ClassISA},
		Args:     providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassISA},
	}
	probe := providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassUnknown}
	key := func(pr *providers.Probe) string { return pr.Module + ":" + pr.Name }
	// The syscalls group and the dynamic events (kprobes, uprobes) are
	// not this provider's: want has none of them.
	for _, name := range Names {
		ptest.CheckDescriber(t, New(name, fixture), attrs, probe, key, want)
	}
	nargs, err := tracepointArgs(fixture.BTF)
	if err != nil {
		t.Fatal(err)
	}
	for ev, w := range want {
		if _, name, _ := strings.Cut(ev, ":"); nargs[name] != len(w) {
			t.Errorf("%s: %d arguments, want %d", ev, nargs[name], len(w))
		}
	}
}

func TestArgTypesErrors(t *testing.T) {
	p := New("sdt", providers.System{BTF: filepath.Join(t.TempDir(), "missing")})
	pr := &providers.Probe{Provider: "sdt", Module: "sched", Name: "sched_switch", Data: Event{"sched", "sched_switch"}}
	_, err := p.ArgTypes(pr)
	if err == nil || !strings.HasPrefix(err.Error(), "describe sdt:sched::sched_switch: open ") {
		t.Errorf("ArgTypes without BTF: %v", err)
	}
	if _, err := New("perf", fixture).ArgTypes(&providers.Probe{Name: "x", Data: 1}); err == nil {
		t.Error("ArgTypes of a probe that is no tracepoint succeeded")
	}
	// An event the BTF has no typedef for has no known types.
	got, err := New("perf", fixture).ArgTypes(&providers.Probe{Name: "mod_event", Data: Event{"mod", "mod_event"}})
	if got != nil || err != nil {
		t.Errorf("ArgTypes of an event without a typedef: %q, %v", got, err)
	}
}

// tpTypes writes BTF with typedef btf_trace_NAME for each of protos, a
// prototype (void *, params...), reads it back and returns the rendered
// types of each.
func tpTypes(t *testing.T, protos map[string][]btf.Type) map[string][]string {
	t.Helper()
	var roots []btf.Type
	names := make([]string, 0, len(protos))
	for name := range protos {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		params := []btf.FuncParam{{Name: "__data", Type: &btf.Pointer{Target: &btf.Void{}}}}
		for i, p := range protos[name] {
			params = append(params, btf.FuncParam{Name: "a" + strconv.Itoa(i), Type: p})
		}
		roots = append(roots, &btf.Typedef{
			Name: tracePrefix + name,
			Type: &btf.Pointer{Target: &btf.FuncProto{Return: &btf.Void{}, Params: params}},
		})
	}
	path := writeBTF(t, roots)
	tp, err := readTracepoints(path)
	if err != nil {
		t.Fatal(err)
	}
	got := make(map[string][]string)
	for _, name := range names {
		ts, err := tp.argTypes(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got[name] = ts
		if tp.args[name] != len(ts) {
			t.Errorf("%s: %d arguments, %d types", name, tp.args[name], len(ts))
		}
	}
	return got
}

func writeBTF(t *testing.T, roots []btf.Type) string {
	t.Helper()
	b, err := btf.NewBuilder(roots, nil)
	if err != nil {
		t.Fatal(err)
	}
	blob, err := b.Marshal(nil, &btf.MarshalOptions{Order: binary.LittleEndian})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "btf")
	if err := os.WriteFile(path, blob, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestRender renders the C declarations CTF's ctf_type_name knows.
func TestRender(t *testing.T) {
	var (
		void   = &btf.Void{}
		char   = &btf.Int{Name: "char", Size: 1, Encoding: btf.Char}
		sint   = &btf.Int{Name: "int", Size: 4, Encoding: btf.Signed}
		uint   = &btf.Int{Name: "unsigned int", Size: 4}
		ulong  = &btf.Int{Name: "long unsigned int", Size: 8}
		u64    = &btf.Typedef{Name: "u64", Type: &btf.Typedef{Name: "__u64", Type: &btf.Int{Name: "long long unsigned int", Size: 8}}}
		task   = &btf.Struct{Name: "task_struct", Size: 64}
		anonS  = &btf.Struct{Size: 8}
		anonU  = &btf.Union{Size: 8}
		anonE  = &btf.Enum{Size: 4}
		reason = &btf.Enum{Name: "skb_drop_reason", Size: 4, Values: []btf.EnumValue{{Name: "SKB_DROP_REASON_NOT_SPECIFIED", Value: 2}}}
		big    = &btf.Enum{Name: "big", Size: 8, Values: []btf.EnumValue{{Name: "BIG", Value: 1 << 40}}}
		page   = &btf.Fwd{Name: "page", Kind: btf.FwdStruct}
		state  = &btf.Fwd{Name: "state", Kind: btf.FwdUnion}
		dbl    = &btf.Float{Name: "double", Size: 8}
		ptr    = func(t btf.Type) btf.Type { return &btf.Pointer{Target: t} }
		cnst   = func(t btf.Type) btf.Type { return &btf.Const{Type: t} }
		arr    = func(t btf.Type, n uint32) btf.Type { return &btf.Array{Index: sint, Type: t, Nelems: n} }
		fn     = func(ret btf.Type, params ...btf.Type) btf.Type {
			p := &btf.FuncProto{Return: ret}
			for _, t := range params {
				p.Params = append(p.Params, btf.FuncParam{Type: t})
			}
			return p
		}
	)
	got := tpTypes(t, map[string][]btf.Type{
		"ints":      {sint, uint, ulong, u64, &btf.Typedef{Name: "bool", Type: &btf.Int{Name: "_Bool", Size: 1, Encoding: btf.Bool}}, dbl},
		"pointers":  {ptr(void), ptr(char), ptr(ptr(task)), ptr(u64), ptr(page), ptr(state)},
		"consts":    {cnst(sint), ptr(cnst(char)), cnst(ptr(char)), ptr(cnst(ptr(cnst(char)))), cnst(&btf.Volatile{Type: sint}), &btf.Restrict{Type: ptr(char)}},
		"tagged":    {task, anonS, anonU, anonE, reason, big, cnst(reason), ptr(anonS)},
		"arrays":    {arr(sint, 4), arr(arr(char, 3), 2), ptr(arr(sint, 4)), arr(ptr(char), 8)},
		"functions": {ptr(fn(void, sint, ptr(char))), ptr(fn(sint)), ptr(fn(sint, ptr(cnst(char)), void)), ptr(ptr(fn(void, sint))), arr(ptr(fn(void, sint)), 4), ptr(fn(ptr(fn(void)), sint))},
		"annotated": {ptr(&btf.TypeTag{Value: "user", Type: char}), &btf.Typedef{Name: "", Type: uint}, &btf.Typedef{Name: "work_func_t", Type: ptr(fn(void, ptr(task)))}},
		"none":      {},
	})
	want := map[string][]string{
		"ints":     {"int", "unsigned int", "long unsigned int", "u64", "bool", "double"},
		"pointers": {"void *", "char *", "struct task_struct **", "u64 *", "struct page *", "union state *"},
		"consts":   {"const int", "const char *", "char *const", "const char *const *", "const volatile int", "char *restrict"},
		"tagged":   {"struct task_struct", "struct (anon)", "union (anon)", "enum (anon)", "enum skb_drop_reason", "enum big", "const enum skb_drop_reason", "struct (anon) *"},
		"arrays":   {"int [4]", "char [2][3]", "int (*)[4]", "char *[8]"},
		"functions": {"void (*)(int, char *)", "int (*)(void)", "int (*)(const char *, ...)", "void (**)(int)", "void (*[4])(int)",
			// CTF groups declarators by precedence and cannot nest
			// them: a function returning a function pointer (C's
			// void (*(*)(int))(void)) comes out as ctf_type_name
			// prints it.
			"void (**)(void) (int)"},
		"annotated": {"char *", "unsigned int", "work_func_t"},
		"none":      {},
	}
	for name, w := range want {
		if !slices.Equal(got[name], w) {
			t.Errorf("%s:\n got %q\nwant %q", name, got[name], w)
		}
	}
}

// TestBadBTF reads BTF that is not well formed.
func TestBadBTF(t *testing.T) {
	// A typedef that names itself: rendering it must end.
	loop := &btf.Typedef{Name: ""}
	loop.Type = loop
	path := writeBTF(t, []btf.Type{&btf.Typedef{
		Name: tracePrefix + "loop",
		Type: &btf.Pointer{Target: &btf.FuncProto{Return: &btf.Void{}, Params: []btf.FuncParam{
			{Type: &btf.Pointer{Target: &btf.Void{}}}, {Type: loop},
		}}},
	}})
	tp, err := readTracepoints(path)
	if err != nil {
		t.Fatal(err)
	}
	if ts, err := tp.argTypes("loop"); err == nil {
		t.Errorf("a looping typedef renders as %q", ts)
	}

	blob, err := os.ReadFile(fixture.BTF)
	if err != nil {
		t.Fatal(err)
	}
	for _, cut := range []int{0, 10, 24, 100, len(blob) - 1} {
		p := filepath.Join(t.TempDir(), "btf")
		if err := os.WriteFile(p, blob[:cut], 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := readTracepoints(p); err == nil {
			t.Errorf("BTF cut at %d bytes read", cut)
		}
	}
}

// FuzzParseTracepoints checks that no BTF makes the reader or the
// renderer panic.
func FuzzParseTracepoints(f *testing.F) {
	blob, err := os.ReadFile(fixture.BTF)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(blob)
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 24 || binary.LittleEndian.Uint16(data) != btfMagic {
			return
		}
		tp, err := parseTracepoints(data, binary.LittleEndian)
		if err != nil {
			return
		}
		for name := range tp.protos {
			tp.argTypes(name)
		}
	})
}

// declName renders t as a C declaration of inner, the classic recursive
// way: an independent check of render on the kernel's types.
func declName(t btf.Type, inner string) string {
	join := func(base string) string {
		if inner == "" {
			return base
		}
		return base + " " + inner
	}
	tag := func(kind, name string) string {
		if name == "" {
			name = "(anon)"
		}
		return join(kind + " " + name)
	}
	switch t := t.(type) {
	case *btf.Void:
		return join("void")
	case *btf.Int:
		return join(t.Name)
	case *btf.Float:
		return join(t.Name)
	case *btf.Typedef:
		if t.Name == "" {
			return declName(t.Type, inner)
		}
		return join(t.Name)
	case *btf.Struct:
		return tag("struct", t.Name)
	case *btf.Union:
		return tag("union", t.Name)
	case *btf.Enum:
		return tag("enum", t.Name)
	case *btf.Fwd:
		if t.Kind == btf.FwdUnion {
			return tag("union", t.Name)
		}
		return tag("struct", t.Name)
	case *btf.TypeTag:
		return declName(t.Type, inner)
	case *btf.Const:
		return qualified("const", t.Type, inner)
	case *btf.Volatile:
		return qualified("volatile", t.Type, inner)
	case *btf.Restrict:
		return qualified("restrict", t.Type, inner)
	case *btf.Pointer:
		s := "*" + inner
		switch skipQuals(t.Target).(type) {
		case *btf.Array, *btf.FuncProto:
			s = "(" + s + ")"
		}
		return declName(t.Target, strings.TrimSpace(s))
	case *btf.Array:
		return declName(t.Type, inner+"["+strconv.Itoa(int(t.Nelems))+"]")
	case *btf.FuncProto:
		var ps []string
		for i, p := range t.Params {
			if _, ok := p.Type.(*btf.Void); ok && i == len(t.Params)-1 {
				ps = append(ps, "...")
				continue
			}
			ps = append(ps, declName(p.Type, ""))
		}
		if len(ps) == 0 {
			ps = []string{"void"}
		}
		return declName(t.Return, inner+"("+strings.Join(ps, ", ")+")")
	}
	return fmt.Sprintf("<%T>", t)
}

// qualified renders inner declared as qualifier q of next: after the
// pointer it qualifies (char *const), before another type (const char).
func qualified(q string, next btf.Type, inner string) string {
	if _, ok := skipTags(next).(*btf.Pointer); ok {
		return declName(next, strings.TrimSpace(q+" "+inner))
	}
	return q + " " + declName(next, inner)
}

func skipTags(t btf.Type) btf.Type {
	for {
		tt, ok := t.(*btf.TypeTag)
		if !ok {
			return t
		}
		t = tt.Type
	}
}

// skipQuals returns t less its qualifiers and type tags.
func skipQuals(t btf.Type) btf.Type {
	for {
		switch q := t.(type) {
		case *btf.Const:
			t = q.Type
		case *btf.Volatile:
			t = q.Type
		case *btf.Restrict:
			t = q.Type
		case *btf.TypeTag:
			t = q.Type
		default:
			return t
		}
	}
}

// TestLiveArgTypes renders the argument types of every tracepoint of the
// running kernel and checks them against declName, and the types of every
// perf probe against the argument counts.
func TestLiveArgTypes(t *testing.T) {
	requireBTF(t)
	tp, err := readTracepoints(vmlinuxBTF)
	if err != nil {
		t.Fatal(err)
	}
	spec, err := btf.LoadKernelSpec()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for typ, err := range spec.All() {
		if err != nil {
			t.Fatal(err)
		}
		td, ok := typ.(*btf.Typedef)
		if !ok || !strings.HasPrefix(td.Name, tracePrefix) {
			continue
		}
		name := strings.TrimPrefix(td.Name, tracePrefix)
		got, err := tp.argTypes(name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		proto := btf.UnderlyingType(td.Type).(*btf.Pointer).Target.(*btf.FuncProto)
		if len(got) != len(proto.Params)-1 {
			t.Errorf("%s: %d types, %d parameters", name, len(got), len(proto.Params))
			continue
		}
		for i, p := range proto.Params[1:] {
			if want := declName(p.Type, ""); got[i] != want {
				t.Errorf("%s args[%d]: %q, want %q", name, i, got[i], want)
			}
		}
		n++
	}
	t.Logf("%d tracepoints' argument types rendered", n)

	requireTracefs(t)
	nargs, err := tracepointArgs(vmlinuxBTF)
	if err != nil {
		t.Fatal(err)
	}
	p := New("perf", providers.System{})
	ps, err := p.Probes()
	if err != nil {
		t.Fatal(err)
	}
	for _, pr := range ps {
		ts, err := p.ArgTypes(pr)
		if err != nil {
			t.Errorf("%s:%s: %v", pr.Module, pr.Name, err)
			continue
		}
		want, ok := nargs[pr.Name]
		if !ok && ts != nil || ok && len(ts) != want {
			t.Errorf("%s:%s: %d types (%q), %d arguments (known %v)", pr.Module, pr.Name, len(ts), ts, want, ok)
		}
	}
}

// BenchmarkTracepointTypes reads the kernel's BTF and renders the argument
// types of every tracepoint, as dtrace -lv does once.
func BenchmarkTracepointTypes(b *testing.B) {
	if _, err := os.Stat(vmlinuxBTF); err != nil {
		b.Skip(err)
	}
	var n int
	for b.Loop() {
		tp, err := readTracepoints(vmlinuxBTF)
		if err != nil {
			b.Fatal(err)
		}
		n = 0
		for name := range tp.protos {
			ts, err := tp.argTypes(name)
			if err != nil {
				b.Fatal(err)
			}
			n += len(ts)
		}
	}
	b.ReportMetric(float64(n), "types")
}
