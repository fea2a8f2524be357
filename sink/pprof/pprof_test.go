package pprof

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/pprof/profile"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/sink"
	"github.com/dtrace-go/dtrace/symtab"
)

var (
	kmap = &symtab.Mapping{Path: symtab.KernelMappingPath, Start: 0xffffffff81000000, Limit: 0xffffffff83000000,
		Offset: 0xffffffff81000000, BuildID: "4b1e5a", RelocSymbol: symtab.KernelRelocSymbol}
	exe  = &symtab.Mapping{Path: "/usr/bin/app", Start: 0x555555554000, Limit: 0x555555558000, Offset: 0, BuildID: "ab12"}
	libc = &symtab.Mapping{Path: "/usr/lib/x86_64-linux-gnu/libc.so.6", Start: 0x7ffff7d80000, Limit: 0x7ffff7f00000,
		Offset: 0x28000, BuildID: "cd34"}
)

func kframe(fn string, pc uint64) sink.Frame {
	return sink.Frame{PC: pc, Func: fn, FuncStart: pc - 4, Module: "vmlinux", Mapping: kmap}
}

func uframe(m *symtab.Mapping, fn string, pc uint64) sink.Frame {
	return sink.Frame{PC: pc, Func: fn, FuncStart: pc - 8, Module: filepath.Base(m.Path), Mapping: m}
}

// stacksAgg is @samples[execname, pid, stack(), ustack()] = count().
func stacksAgg() *sink.Aggregation {
	kst := sink.Stack([]sink.Frame{kframe("vfs_read", 0xffffffff81200010), kframe("ksys_read", 0xffffffff81200110),
		kframe("do_syscall_64", 0xffffffff81f00010)}, nil)
	ust := sink.UStack(42, []sink.Frame{uframe(libc, "read", 0x7ffff7e00010), uframe(exe, "main", 0x555555555010),
		{PC: 0x1234}}, nil)
	ust2 := sink.UStack(42, []sink.Frame{uframe(exe, "compute", 0x555555555110), uframe(exe, "main", 0x555555555020)}, nil)
	return &sink.Aggregation{ID: 1, Name: "samples", Agg: abi.Agg{Func: abi.AggCount}, Entries: []*sink.Entry{
		{Key: []sink.Value{sink.String("app", 0), sink.Int(42, 4), kst, ust}, AggValue: abi.AggValue{Value: 7, Count: 7}},
		{Key: []sink.Value{sink.String("app", 0), sink.Int(42, 4), sink.Stack(nil, nil), ust2}, AggValue: abi.AggValue{Value: 3, Count: 3}},
	}}
}

var prog = &sink.Program{
	Sources: []sink.Source{{Name: "x.d", Text: "profile-99 { @samples[execname, pid, stack(), ustack()] = count(); }\n"}},
	Aggs: map[string]*sink.AggInfo{
		"samples": {Keys: []sink.KeyInfo{{Name: "execname"}, {Name: "pid"}, {Name: "stack", Stack: true}, {Name: "ustack", Stack: true}},
			Period: time.Second / 99},
		"lat":   {Keys: []sink.KeyInfo{{Name: "execname"}}, Unit: "nanoseconds"},
		"bytes": {Keys: []sink.KeyInfo{{Name: "execname"}}, Unit: "bytes"},
	},
}

func TestBuild(t *testing.T) {
	lat := &sink.Aggregation{ID: 2, Name: "lat", Agg: abi.Agg{Func: abi.AggQuantize}, Entries: []*sink.Entry{
		{Key: []sink.Value{sink.String("app", 0)}, AggValue: abi.AggValue{Buckets: buckets(abi.QuantizeBuckets,
			map[int]int64{abi.QuantizeBucket(1000): 5, abi.QuantizeBucket(70000): 2})}},
	}}
	sum := &sink.Aggregation{ID: 3, Name: "bytes", Agg: abi.Agg{Func: abi.AggSum}, Entries: []*sink.Entry{
		{Key: []sink.Value{sink.String("app", 0)}, AggValue: abi.AggValue{Value: 4096}},
	}}
	start := time.Unix(1700000000, 0)
	p, err := Build([]*sink.Aggregation{stacksAgg(), lat, sum}, Options{Program: prog, Start: start, End: start.Add(3 * time.Second)})
	if err != nil {
		t.Fatal(err)
	}
	if got := typesOf(p); got != "[samples/count lat/count bytes/bytes]" {
		t.Errorf("sample types %s", got)
	}
	if p.DefaultSampleType != "samples" || p.Period != 10101010 || p.PeriodType.Type != "cpu" ||
		p.DurationNanos != 3e9 || p.TimeNanos != start.UnixNano() {
		t.Errorf("default %q period %d %v duration %d time %d", p.DefaultSampleType, p.Period, p.PeriodType, p.DurationNanos, p.TimeNanos)
	}
	if len(p.Comments) != 2 || !strings.Contains(p.Comments[1], "profile-99") {
		t.Errorf("comments %q", p.Comments)
	}
	// The executable first, then libc, then the kernel.
	var files []string
	for _, m := range p.Mapping {
		files = append(files, m.File)
	}
	if got := strings.Join(files, " "); got != "/usr/bin/app /usr/lib/x86_64-linux-gnu/libc.so.6 [kernel.kallsyms]_text" {
		t.Errorf("mappings %s", got)
	}
	k := p.Mapping[2]
	if k.BuildID != "4b1e5a" || k.Start != kmap.Start || k.Limit != kmap.Limit || k.KernelRelocationSymbol != "_text" || !k.HasFunctions {
		t.Errorf("kernel mapping %+v", k)
	}
	if l := p.Mapping[1]; l.Offset != 0x28000 || l.BuildID != "cd34" {
		t.Errorf("libc mapping %+v", l)
	}
	// The app's "execname" sample of @lat and @bytes are one per bucket:
	// @bytes shares none, the buckets having a label of their own.
	var s7 *profile.Sample
	for _, s := range p.Sample {
		if s.Value[0] == 7 {
			s7 = s
		}
	}
	if s7 == nil || len(s7.Location) != 6 || s7.Location[0].Line[0].Function.Name != "vfs_read" ||
		s7.Location[3].Line[0].Function.Name != "read" || s7.Location[5].Line != nil || s7.Location[5].Address != 0x1234 ||
		s7.Label["execname"][0] != "app" || s7.NumLabel["pid"][0] != 42 {
		t.Errorf("sample of 7: %v", s7)
	}
	var bks []string
	for _, s := range p.Sample {
		if s.Value[1] != 0 {
			bks = append(bks, fmt.Sprintf("%d:%d:%s", s.NumLabel["bucket"][0], s.Value[1], s.NumUnit["bucket"][0]))
		}
	}
	if got := strings.Join(bks, " "); got != "512:5:nanoseconds 65536:2:nanoseconds" {
		t.Errorf("buckets %s", got)
	}
}

func buckets(n int, set map[int]int64) []int64 {
	b := make([]int64, n)
	for i, v := range set {
		b[i] = v
	}
	return b
}

// Aggregations keyed alike share samples.
func TestShared(t *testing.T) {
	key := []sink.Value{sink.String("sh", 0)}
	calls := &sink.Aggregation{ID: 1, Name: "calls", Agg: abi.Agg{Func: abi.AggCount},
		Entries: []*sink.Entry{{Key: key, AggValue: abi.AggValue{Value: 5}}}}
	total := &sink.Aggregation{ID: 2, Name: "total", Agg: abi.Agg{Func: abi.AggAvg},
		Entries: []*sink.Entry{{Key: key, AggValue: abi.AggValue{Count: 4, Sum: 10}}}}
	p, err := Build([]*sink.Aggregation{calls, total}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Sample) != 1 || fmt.Sprint(p.Sample[0].Value) != "[5 2]" || p.Sample[0].Label["key1"][0] != "sh" {
		t.Errorf("samples %v", p.Sample)
	}
	if got := typesOf(p); got != "[calls/count total/avg]" {
		t.Errorf("sample types %s", got)
	}
}

// Code generated at run time by two processes, at the same address of
// anonymous mappings alike (a process forked from the other), named by
// each process's perf map: a location each, with its own function, in the
// mapping of no file.
func TestJITFrames(t *testing.T) {
	anon1 := &symtab.Mapping{Start: 0x7f0000000000, Limit: 0x7f0000001000}
	anon2 := &symtab.Mapping{Start: 0x7f0000000000, Limit: 0x7f0000001000}
	jit := func(pid uint64, m *symtab.Mapping, fn string) sink.Value {
		f := sink.Frame{PC: 0x7f0000000010, Func: fn, FuncStart: 0x7f0000000000,
			Module: fmt.Sprintf("perf-%d.map", pid), Mapping: m}
		return sink.UStack(pid, []sink.Frame{f, uframe(exe, "main", 0x555555555010)}, nil)
	}
	a := &sink.Aggregation{ID: 1, Name: "samples", Agg: abi.Agg{Func: abi.AggCount}, Entries: []*sink.Entry{
		{Key: []sink.Value{sink.String("node", 0), sink.Int(7, 4), sink.Stack(nil, nil), jit(7, anon1, "LazyCompile:*fib /app/fib.js:3")},
			AggValue: abi.AggValue{Value: 5}},
		{Key: []sink.Value{sink.String("node", 0), sink.Int(8, 4), sink.Stack(nil, nil), jit(8, anon2, "LazyCompile:*sum /app/sum.js:1")},
			AggValue: abi.AggValue{Value: 2}},
	}}
	p, err := Build([]*sink.Aggregation{a}, Options{Program: prog})
	if err != nil {
		t.Fatal(err)
	}
	if err := p.CheckValid(); err != nil {
		t.Fatal(err)
	}
	got := map[string]int64{}
	for _, s := range p.Sample {
		l := s.Location[0]
		if len(l.Line) != 1 || l.Mapping == nil || l.Mapping.File != "" || l.Address != 0x7f0000000010 {
			t.Errorf("JIT location %+v", l)
			continue
		}
		got[l.Line[0].Function.Name] += s.Value[0]
	}
	if got["LazyCompile:*fib /app/fib.js:3"] != 5 || got["LazyCompile:*sum /app/sum.js:1"] != 2 {
		t.Errorf("JIT functions %v", got)
	}
}

// go tool pprof reads the profile without binaries: -top lists the
// functions by name, -traces the stacks, -tags the labels.
func TestGoToolPprof(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.pb.gz")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	s := New(f, prog)
	if err := s.End([]*sink.Aggregation{stacksAgg()}); err != nil {
		t.Fatal(err)
	}
	f.Close()
	top := goPprof(t, "-top", path)
	for _, want := range []string{"vfs_read", "compute", "7 70.00%"} {
		if !strings.Contains(top, want) {
			t.Errorf("-top lacks %q:\n%s", want, top)
		}
	}
	traces := goPprof(t, "-traces", path)
	for _, want := range []string{"vfs_read\n", "ksys_read\n", "do_syscall_64\n", "read\n", "main\n", "execname:  app", "pid:  42"} {
		if !strings.Contains(traces, want) {
			t.Errorf("-traces lacks %q:\n%s", want, traces)
		}
	}
	tags := goPprof(t, "-tags", path)
	for _, want := range []string{"execname: Total 10", "app", "pid: Total 10", "42"} {
		if !strings.Contains(tags, want) {
			t.Errorf("-tags lacks %q:\n%s", want, tags)
		}
	}
}

// goPprof runs go tool pprof with args; it must not need any binary.
func goPprof(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", append([]string{"tool", "pprof"}, args...)...)
	cmd.Env = append(os.Environ(), "PPROF_BINARY_PATH="+t.TempDir(), "PPROF_TMPDIR="+t.TempDir())
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("go tool pprof %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return stdout.String()
}

// BenchmarkWrite100k writes a profile of 100,000 samples, each a distinct
// stack of 24 frames (16 user, 8 kernel) over 3,000 functions, gzipped.
func BenchmarkWrite100k(b *testing.B) {
	agg := synthetic(100000)
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := Write(&buf, []*sink.Aggregation{agg}, Options{Program: prog}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "bytes/profile")
}

// synthetic returns @samples[execname, pid, stack(), ustack()] = count()
// with n keys.
func synthetic(n int) *sink.Aggregation {
	a := &sink.Aggregation{ID: 1, Name: "samples", Agg: abi.Agg{Func: abi.AggCount}}
	seed := uint64(1)
	rnd := func(m int) int {
		seed = seed*6364136223846793005 + 1442695040888963407
		return int(seed>>33) % m
	}
	for i := range n {
		var kf, uf []sink.Frame
		for range 8 {
			f := rnd(1000)
			kf = append(kf, kframe(fmt.Sprintf("kfunc%d", f), 0xffffffff81000000+uint64(f)*64+uint64(rnd(8))))
		}
		for range 16 {
			f := rnd(2000)
			m := exe
			if f >= 1000 {
				m = libc
			}
			uf = append(uf, uframe(m, fmt.Sprintf("ufunc%d", f), m.Start+uint64(f%1000)*64+uint64(rnd(8))))
		}
		a.Entries = append(a.Entries, &sink.Entry{Key: []sink.Value{sink.String(fmt.Sprintf("app%d", i%20), 0),
			sink.Int(int64(1000+i%50), 4), sink.Stack(kf, nil), sink.UStack(uint64(1000+i%50), uf, nil)},
			AggValue: abi.AggValue{Value: int64(1 + rnd(100))}})
	}
	return a
}

func typesOf(p *profile.Profile) string {
	var ts []string
	for _, st := range p.SampleType {
		ts = append(ts, st.Type+"/"+st.Unit)
	}
	return "[" + strings.Join(ts, " ") + "]"
}
