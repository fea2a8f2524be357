package session

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/ringbuf"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/dscript"
	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/dscript/ktypes"
	"github.com/dtrace-go/dtrace/providers"
)

// requireBPF skips the test when BPF programs cannot be loaded here, unless
// DTRACE_TEST_REQUIRE_BPF is set, which makes that a failure.
func requireBPF(t *testing.T) {
	t.Helper()
	if os.Geteuid() == 0 {
		return
	}
	if os.Getenv("DTRACE_TEST_REQUIRE_BPF") != "" {
		t.Fatal("BPF required (DTRACE_TEST_REQUIRE_BPF is set) but not running as root")
	}
	t.Skip("needs root to load BPF programs")
}

// runBegin compiles src, runs its clauses once as the probe BEGIN fires,
// and returns the records produced.
func runBegin(t *testing.T, src string) (*codegen.Program, [][]byte) {
	prog, recs, m := runBeginMaps(t, src)
	m.Close()
	return prog, recs
}

// runBeginMaps is runBegin, also returning the maps (the caller closes
// them).
func runBeginMaps(t *testing.T, src string) (*codegen.Program, [][]byte, maps) {
	t.Helper()
	return runBeginOpts(t, src, codegen.Options{})
}

// runBeginOpts is runBeginMaps compiling with opts.
func runBeginOpts(t *testing.T, src string, opts codegen.Options) (*codegen.Program, [][]byte, maps) {
	t.Helper()
	return runBeginPrepared(t, src, opts, nil)
}

// runBeginPrepared is runBeginOpts calling prepare, when not nil, with
// the maps before BEGIN fires.
func runBeginPrepared(t *testing.T, src string, opts codegen.Options, prepare func(maps)) (*codegen.Program, [][]byte, maps) {
	t.Helper()
	requireBPF(t)
	p, err := dscript.New(dscript.Config{Args: []string{"test.d"}, Kernel: ktypes.Open("")}).Compile(dscript.Source{Kind: dscript.Script, Name: "test.d", Text: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	prog, err := codegen.Compile([]codegen.Unit{{File: p.File, Info: p.Info}}, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := relocate(prog, nil); err != nil {
		t.Fatal(err)
	}
	probe := &providers.Probe{ID: 1, Provider: "dtrace", Name: "BEGIN"}
	m, _, err := newMaps(prog, []*providers.Probe{probe}, 1<<16, false)
	if err != nil {
		t.Fatal(err)
	}
	bp, err := m.load(prog, beginAttachment(probe), codegen.Stack{}, &codegen.Enablings{ByProbe: map[uint32][]*codegen.Clause{1: prog.Clauses}}, nil, -1)
	if err != nil {
		var ve *bpf.VerifierError
		if errors.As(err, &ve) {
			t.Fatalf("%v\n%s", err, tail(ve.Log, 30))
		}
		t.Fatal(err)
	}
	defer bp.Close()
	rd, err := ringbuf.NewReader(m[abi.RingMap])
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	if prepare != nil {
		prepare(m)
	}
	if _, err := bpf.Trigger(bp); err != nil {
		t.Fatal(err)
	}
	var recs [][]byte
	rd.SetDeadline(time.Now().Add(50 * time.Millisecond))
	for {
		r, err := rd.Read()
		if err != nil {
			break
		}
		recs = append(recs, r.RawSample)
	}
	return prog, recs, m
}

// beginAttachment is a raw tracepoint program firing probe, run by
// bpf.Trigger.
func beginAttachment(probe *providers.Probe) *providers.Attachment {
	return &providers.Attachment{Name: "begin", Type: ebpf.RawTracepoint, Probes: []*providers.Probe{probe},
		Fragment: fixedFragment(asm.Instructions{asm.Ja.Label(abi.ProbeLabel(probe.ID))}), Preemptible: beginPreemptible}
}

// beginPreemptible makes beginAttachment's program take its scratch
// frame as a preemptible program does.
var beginPreemptible bool

// fixedFragment is a fragment that does not depend on what clauses read.
func fixedFragment(insns asm.Instructions) func(abi.CtxUse) (asm.Instructions, error) {
	return func(abi.CtxUse) (asm.Instructions, error) { return insns, nil }
}

func tail(lines []string, n int) string {
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	s := ""
	for _, l := range lines {
		s += l + "\n"
	}
	return s
}

// traced returns the int64 values of the trace() fields of the first
// record.
func traced(t *testing.T, prog *codegen.Program, recs [][]byte) []int64 {
	t.Helper()
	if len(recs) == 0 {
		t.Fatal("no record")
	}
	rec := recs[0]
	id := recordID(rec)
	var vals []int64
	for _, f := range prog.Records[id].Fields {
		if f.Kind == abi.FieldTrace {
			vals = append(vals, int64(binary.LittleEndian.Uint64(rec[f.Offset:])))
		}
	}
	return vals
}

func TestArithmetic(t *testing.T) {
	prog, recs := runBegin(t, `
BEGIN
{
	x = 2 + 3 * 4;
	trace(x);
	trace(-7 / 2);
	trace(-7 % 2);
	trace(x > 10 && x < 20);
	trace((char)300);
	trace((unsigned char)300);
	trace((long long)1 << 40);
	this->y = x * 2;
	trace(this->y - 1);
	self->z = 5;
	self->z += 2;
	trace(self->z);
	a["k", 2] = 7;
	trace(a["k", 2] + a["k", 3]);
	trace("abc" == "abc");
	trace("abc" < "abd");
	trace(x == 14 ? 100 : 200);
}
`)
	got := traced(t, prog, recs)
	want := []int64{14, -3, -1, 1, 44, 44, 1 << 40, 27, 7, 7, 1, 1, 100}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("trace #%d = %d, want %d", i+1, got[i], want[i])
		}
	}
}

// aggValues returns the values of aggregation id summed over CPUs, as
// 64-bit words, by key bytes.
func aggValues(t *testing.T, prog *codegen.Program, m maps, id int) map[string][]int64 {
	t.Helper()
	a := prog.Aggs[id]
	out := map[string][]int64{}
	err := bpf.ForEachPerCPU(m[a.Map], func(key []byte, vals bpf.PerCPUValues) error {
		sum := make([]int64, a.ValueSize/8)
		for _, v := range vals {
			for i := range sum {
				sum[i] += int64(binary.LittleEndian.Uint64(v[8*i:]))
			}
		}
		out[string(key)] = sum
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestAggregations(t *testing.T) {
	prog, _, m := runBeginMaps(t, `
BEGIN
{
	@c = count(); @c = count();
	@s["a"] = sum(5); @s["a"] = sum(-2);
	@mn = min(7); @mn = min(-3); @mx = max(7); @mx = max(-3);
	@av = avg(4); @av = avg(6);
	@q = quantize(0); @q = quantize(1); @q = quantize(5); @q = quantize(-5); @q = quantize(1000);
	@l = lquantize(-1, 0, 10, 2); @l = lquantize(3, 0, 10, 2); @l = lquantize(10, 0, 10, 2);
}
`)
	defer m.Close()
	zero := string(make([]byte, 8))
	check := func(id int, key string, want map[int]int64) {
		t.Helper()
		v, ok := aggValues(t, prog, m, id)[key]
		if !ok {
			t.Fatalf("@%s: no entry for key %q", prog.Aggs[id].Name, key)
		}
		for i, w := range want {
			if v[i] != w {
				t.Errorf("@%s word %d = %d, want %d", prog.Aggs[id].Name, i, v[i], w)
			}
		}
	}
	check(0, zero, map[int]int64{0: 2})
	check(1, "a"+string(make([]byte, abi.StrSlot(256)-1)), map[int]int64{0: 3})
	check(2, zero, map[int]int64{0: -3, 1: 1})
	check(3, zero, map[int]int64{0: 7, 1: 1})
	check(4, zero, map[int]int64{0: 2, 1: 10})
	// quantize: 0 in bucket 63, 1 in 64, 5 in 66 ([4,8)), -5 in 60, 1000 in 73 ([512,1024))
	check(5, zero, map[int]int64{63: 1, 64: 1, 66: 1, 60: 1, 73: 1, 62: 0})
	// lquantize(0, 10, 2): below base in 0, 3 in 1+1=2, 10 (>= limit) in 6
	check(6, zero, map[int]int64{0: 1, 2: 1, 6: 1, 1: 0})
}

func TestIfElseRecords(t *testing.T) {
	prog, recs := runBegin(t, `
BEGIN
{
	x = 1;
	trace(1);
	if (x == 1) {
		trace(2);
	} else {
		trace(3);
	}
	if (x == 2)
		trace(4);
	trace(5);
}
`)
	// Each branch that records sends its own record, after the record of
	// what came before.
	var got []int64
	for _, r := range recs {
		got = append(got, traced(t, prog, [][]byte{r})...)
	}
	want := []int64{1, 2, 5}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("traced %v, want %v", got, want)
	}
}

func TestConditions(t *testing.T) {
	prog, recs := runBegin(t, `
BEGIN
{
	x = 5; y = -1; u = (unsigned int)3;
	if (x > 3 && x < 10) { trace(1); }
	if (x > 30 || y < 0) { trace(2); }
	if (!(x == 5)) { trace(3); }
	if (y < 0 && !(u > 2)) { trace(4); }
	if (u > 2 || y) { trace(5); }
	if ((unsigned int)y > 100) { trace(6); }
	if (x) { trace(7); }
	if (0) { trace(8); }
}
`)
	var got []int64
	for _, r := range recs {
		got = append(got, traced(t, prog, [][]byte{r})...)
	}
	if want := []int64{1, 2, 5, 6, 7}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("traced %v, want %v", got, want)
	}
}

func TestKernelMembers(t *testing.T) {
	prog, recs := runBegin(t, `
BEGIN
{
	trace(curthread->tgid == pid);
	trace(curthread->pid == tid);
	trace(curthread->real_parent->tgid > 0);
	trace(*(&curthread->pid) == tid);
	trace(curthread->comm == execname);
}
`)
	if got := traced(t, prog, recs); fmt.Sprint(got) != fmt.Sprint([]int64{1, 1, 1, 1, 1}) {
		t.Errorf("traced %v, want all 1", got)
	}
}
