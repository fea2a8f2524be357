package session

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/dscript/printf"
	"github.com/dtrace-go/dtrace/dscript/types"
	"github.com/dtrace-go/dtrace/sink"
	"github.com/dtrace-go/dtrace/sink/text"
	"github.com/dtrace-go/dtrace/symtab"
)

// FuzzStackRecord feeds garbage to the decoders of stack and symbol
// records and keys: they must not panic, and what they decode must be
// printable.
func FuzzStackRecord(f *testing.F) {
	f.Add(uint8(abi.SymStack), uint8(3), []byte{1, 0, 0, 0, 0, 0, 0, 0, 0x10, 0, 0, 0x81, 0xff, 0xff, 0xff, 0xff})
	f.Add(uint8(abi.SymUStack), uint8(2), []byte{1, 0, 0, 0, 0, 0, 0, 0, 0x10, 0x10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	f.Add(uint8(abi.SymUSym), uint8(0), []byte{1, 0, 0, 0, 0, 0, 0, 0, 0x10, 0x10, 0, 0, 0, 0, 0, 0})
	f.Add(uint8(abi.SymMod), uint8(0), []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})
	f.Add(uint8(abi.SymStack), uint8(20), []byte{3, 0, 0, 0, byte(abi.SymStack), 20, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0})
	c := newSymbols(&symtab.KernelSymbols{})
	p := text.NewPrinter(&strings.Builder{}, text.Options{})
	f.Fuzz(func(t *testing.T, kind, frames uint8, b []byte) {
		si := &abi.SymInfo{Kind: abi.SymKind(kind%8 + 1), Frames: int(frames)%abi.MaxStackFrames + 1}
		// Keep the processes to look at small: any pid but 1 reads as an
		// unknown one.
		for i := 0; i+8 <= len(b); i += 8 {
			if v := binary.LittleEndian.Uint64(b[i:]); v > 1 && v < 1<<32 {
				binary.LittleEndian.PutUint64(b[i:], v|1<<40)
			}
		}
		vs := []sink.Value{c.value(b, si), c.keyValue(si, b)}
		if len(b) >= 8 {
			vs = append(vs, c.addrValue(b, 8))
		}
		for _, v := range vs {
			if err := p.Trace(v); err != nil {
				t.Fatal(err)
			}
		}
		mergeEntries(&codegen.Agg{Agg: abi.Agg{Func: abi.AggCount}, KeySyms: []*abi.SymInfo{si}},
			[]*sink.Entry{{Key: vs[:1], AggValue: abi.AggValue{Value: 1}}, {Key: vs[:1], AggValue: abi.AggValue{Value: 2}}})
	})
}

func TestKernelStackTrim(t *testing.T) {
	kallsyms := filepath.Join(t.TempDir(), "kallsyms")
	err := os.WriteFile(kallsyms, []byte(`ffffffff81000000 T syscall_trace_enter
ffffffff81000100 T do_syscall_64
ffffffff81000200 T __traceiter_sys_enter
ffffffff81000300 T __bpf_trace_sys_enter
ffffffff81000400 T bpf_trace_run2
ffffffff81000500 T end_of_text
ffffffffc0000000 t bpf_prog_1234_clause_0	[bpf]
ffffffffc0001000 t bpf_prog_5678	[bpf]
`), 0o600)
	if err != nil {
		t.Fatal(err)
	}
	s := newSymbols(&symtab.KernelSymbols{Kallsyms: kallsyms, Sys: t.TempDir()})
	pcs := func(ps ...uint64) []byte {
		var b []byte
		for _, p := range ps {
			b = binary.LittleEndian.AppendUint64(b, p)
		}
		return append(b, make([]byte, 16)...)
	}
	stack := pcs(0xffffffff81000210, 0xffffffff81000010, 0xffffffff81000110)
	names := func(v sink.Value) string {
		var ns []string
		for _, f := range v.Frames {
			ns = append(ns, sink.FrameName(f.Module, f.Func, f.FuncStart, f.PC))
		}
		return strings.Join(ns, ",")
	}
	v := s.kernelStack(stack, 2, true)
	want := []string{"vmlinux`syscall_trace_enter+0x10", "vmlinux`do_syscall_64+0x10"}
	if names(v) != strings.Join(want, ",") {
		t.Errorf("trimmed: %q, want %q", names(v), want)
	}
	if len(v.PCs) != 2 {
		t.Errorf("PCs %x: want 2, the depth asked", v.PCs)
	}
	// A perf event's stack is not trimmed: a sample in a BPF program is
	// one.
	v = s.kernelStack(pcs(0xffffffffc0000010, 0xffffffff81000410), 5, false)
	want = []string{"bpf`bpf_prog_1234_clause_0+0x10", "vmlinux`bpf_trace_run2+0x10"}
	if names(v) != strings.Join(want, ",") || len(v.PCs) != 5 {
		t.Errorf("untrimmed: %q %x, want %q", names(v), v.PCs, want)
	}
	// Only the top is trimmed; an unknown address is hex.
	v = s.kernelStack(pcs(0xffffffff81000010, 0xffffffff81000210, 0x1234), 5, true)
	want = []string{"vmlinux`syscall_trace_enter+0x10", "vmlinux`__traceiter_sys_enter+0x10", "0x1234"}
	if names(v) != strings.Join(want, ",") {
		t.Errorf("inner frames: %q, want %q", names(v), want)
	}
}

func TestMergeEntries(t *testing.T) {
	key := func(name string, bits uint64) []sink.Value {
		mod, fn, _ := strings.Cut(name, "`")
		return []sink.Value{sink.Symbol(sink.KindSym, 0, sink.Frame{PC: bits, FuncStart: bits, Module: mod, Func: fn})}
	}
	for _, tc := range []struct {
		fn   abi.AggFunc
		want sink.Entry
	}{
		{abi.AggCount, sink.Entry{AggValue: abi.AggValue{Value: 5, Count: 5, Sum: 12}}},
		{abi.AggMin, sink.Entry{AggValue: abi.AggValue{Value: 2, Sum: 12}}},
		{abi.AggMax, sink.Entry{AggValue: abi.AggValue{Value: 3, Sum: 12}}},
		{abi.AggAvg, sink.Entry{AggValue: abi.AggValue{Count: 5, Sum: 12}}},
	} {
		es := []*sink.Entry{
			{Key: key("vmlinux`f", 1), AggValue: abi.AggValue{Value: 2, Count: 2, Sum: 4}},
			{Key: key("vmlinux`g", 2), AggValue: abi.AggValue{Value: 7, Count: 7}},
			{Key: key("vmlinux`f", 1), AggValue: abi.AggValue{Value: 3, Count: 3, Sum: 8}},
		}
		if tc.fn == abi.AggMin || tc.fn == abi.AggMax {
			es[0].Count, es[2].Count = 0, 0
		}
		if tc.fn == abi.AggAvg {
			es[0].Value, es[2].Value = 0, 0
		}
		got := mergeEntries(&codegen.Agg{Agg: abi.Agg{Func: tc.fn}, KeySyms: []*abi.SymInfo{{Kind: abi.SymSym}}}, es)
		if len(got) != 2 {
			t.Fatalf("%s: %d entries, want 2", tc.fn, len(got))
		}
		e := got[0]
		if e.Value != tc.want.Value || e.Count != tc.want.Count || e.Sum != tc.want.Sum {
			t.Errorf("%s: merged %+v, want %+v", tc.fn, *e, tc.want)
		}
	}
	// Without symbol keys, nothing is merged.
	es := []*sink.Entry{{Key: key("a", 1)}, {Key: key("a", 1)}}
	if got := mergeEntries(&codegen.Agg{Agg: abi.Agg{Func: abi.AggCount}}, es); len(got) != 2 {
		t.Errorf("merged without symbol keys: %d", len(got))
	}
}

func TestPrintfAddrs(t *testing.T) {
	fmtA, err := printf.Parse("%a %*d %A %s %a\n")
	if err != nil {
		t.Fatal(err)
	}
	r := &codegen.Record{Fields: []*codegen.Field{
		{Kind: abi.FieldPrintf, Format: fmtA, NArgs: 6},
		{Kind: abi.FieldArg, Type: types.ULongType},
		{Kind: abi.FieldArg, Type: types.IntType},
		{Kind: abi.FieldArg, Type: types.IntType},
		{Kind: abi.FieldArg, Type: types.USymAddrType, Sym: &abi.SymInfo{Kind: abi.SymUSym}},
		{Kind: abi.FieldArg, Type: types.StringType},
		{Kind: abi.FieldArg, Type: types.SymAddrType, Sym: &abi.SymInfo{Kind: abi.SymSym}},
	}}
	got := printfAddrs(r)
	want := []byte{0, 'a', 0, 0, 0, 0, 0}
	if string(got) != string(want) {
		t.Errorf("printfAddrs = %q, want %q", got, want)
	}
	if printfAddrs(&codegen.Record{Fields: r.Fields[1:]}) != nil {
		t.Error("marks without a printf")
	}
}

// Aggregations keyed by stacks are pre-allocated; the others keep the
// flags they are given.
func TestStackMapFlags(t *testing.T) {
	prog := &codegen.Program{Aggs: []*codegen.Agg{
		{Map: "agg_0", KeySyms: []*abi.SymInfo{nil, {Kind: abi.SymUStack}}},
		{Map: "agg_1", KeySyms: []*abi.SymInfo{{Kind: abi.SymSym}}},
		{Map: "agg_2"},
	}}
	for name, want := range map[string]uint32{"agg_0": 0, "agg_1": 7, "agg_2": 7, "x": 7} {
		if got := stackMapFlags(prog, &codegen.MapDesc{Name: name}, 7); got != want {
			t.Errorf("%s: flags %d, want %d", name, got, want)
		}
	}
}
