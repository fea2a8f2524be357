package folded

import (
	"strings"
	"testing"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/sink"
)

func TestWrite(t *testing.T) {
	k := []sink.Frame{{PC: 0xffffffff81000010, Func: "vfs_read", FuncStart: 0xffffffff81000000, Module: "vmlinux"},
		{PC: 0xffffffff81000110, Func: "do_syscall_64", FuncStart: 0xffffffff81000100, Module: "vmlinux"}}
	u := []sink.Frame{{PC: 0x7f0010, Func: "read", FuncStart: 0x7f0000, Module: "libc.so.6"}, {PC: 0x401000, Module: "a;b"},
		{PC: 0x1234}}
	samples := &sink.Aggregation{ID: 1, Name: "samples", Agg: abi.Agg{Func: abi.AggCount}, Entries: []*sink.Entry{
		{Key: []sink.Value{sink.String("app", 0), sink.Stack(k, nil), sink.UStack(42, u, nil), sink.Int(-3, 4)},
			AggValue: abi.AggValue{Value: 7}},
		{Key: []sink.Value{sink.String("idle", 0), sink.Stack(k[1:], nil), sink.UStack(1, nil, nil), sink.Int(1, 4)},
			AggValue: abi.AggValue{Value: 0}},
	}}
	counts := &sink.Aggregation{ID: 2, Name: "counts", Agg: abi.Agg{Func: abi.AggCount}, Entries: []*sink.Entry{
		{Key: []sink.Value{sink.String("app", 0)}, AggValue: abi.AggValue{Value: 1}},
	}}
	var b strings.Builder
	if err := Write(&b, []*sink.Aggregation{samples, counts}); err != nil {
		t.Fatal(err)
	}
	want := "app;-3;0x1234;a:b`0x401000;libc.so.6`read;vmlinux`do_syscall_64;vmlinux`vfs_read 7\n"
	if b.String() != want {
		t.Errorf("got\n%swant\n%s", b.String(), want)
	}

	// Several stack-keyed aggregations: each line starts with the name;
	// a quantization's value is its count of values.
	lat := &sink.Aggregation{ID: 3, Name: "lat", Agg: abi.Agg{Func: abi.AggQuantize}, Entries: []*sink.Entry{
		{Key: []sink.Value{sink.Stack(k, nil)}, AggValue: abi.AggValue{Buckets: func() []int64 {
			bs := make([]int64, abi.QuantizeBuckets)
			bs[abi.QuantizeBucket(10)], bs[abi.QuantizeBucket(1000)] = 2, 3
			return bs
		}()}},
	}}
	b.Reset()
	if err := Write(&b, []*sink.Aggregation{samples, lat}); err != nil {
		t.Fatal(err)
	}
	want = "@lat;vmlinux`do_syscall_64;vmlinux`vfs_read 5\n" +
		"@samples;app;-3;0x1234;a:b`0x401000;libc.so.6`read;vmlinux`do_syscall_64;vmlinux`vfs_read 7\n"
	if b.String() != want {
		t.Errorf("got\n%swant\n%s", b.String(), want)
	}
}
