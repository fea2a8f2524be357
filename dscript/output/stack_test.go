package output

import (
	"strings"
	"testing"

	"github.com/dtrace-go/dtrace/sink"

	"github.com/dtrace-go/dtrace/abi"
)

func TestFrameNames(t *testing.T) {
	for _, tc := range []struct {
		mod, fn        string
		start, pc      uint64
		frame, sym, md string
	}{
		{"vmlinux", "do_syscall_64", 0x1000, 0x101c, "vmlinux`do_syscall_64+0x1c", "vmlinux`do_syscall_64", "vmlinux"},
		{"libc.so.6", "getppid", 0x2000, 0x2000, "libc.so.6`getppid", "libc.so.6`getppid", "libc.so.6"},
		{"a.out", "", 0, 0x401234, "a.out`0x401234", "a.out`0x401234", "a.out"},
		{"", "", 0, 0x7f0000001234, "0x7f0000001234", "0x7f0000001234", "0x7f0000001234"},
		{"", "orphan", 0x10, 0x20, "0x20", "0x20", "0x20"},
	} {
		if got := FrameName(tc.mod, tc.fn, tc.start, tc.pc); got != tc.frame {
			t.Errorf("FrameName(%q, %q, %#x, %#x) = %q, want %q", tc.mod, tc.fn, tc.start, tc.pc, got, tc.frame)
		}
		if got := SymName(tc.mod, tc.fn, tc.pc); got != tc.sym {
			t.Errorf("SymName(%q, %q, %#x) = %q, want %q", tc.mod, tc.fn, tc.pc, got, tc.sym)
		}
		if got := ModName(tc.mod, tc.pc); got != tc.md {
			t.Errorf("ModName(%q, %#x) = %q, want %q", tc.mod, tc.pc, got, tc.md)
		}
	}
}

// A stack aggregation key prints as a newline, its frames indented by
// stackindent, then the value on a line of its own.
func TestStackKeyLayout(t *testing.T) {
	var b strings.Builder
	p := New(&b, Options{Quiet: true})
	a := &sink.Aggregation{ID: 1, Agg: abi.Agg{Func: abi.AggCount}, Entries: []*sink.Entry{
		{Key: []sink.Value{sink.Stack(frames("vmlinux`f+0x1", "vmlinux`g+0x2"), []uint64{1, 2})}, AggValue: abi.AggValue{Value: 7, Count: 7}},
		{Key: []sink.Value{sink.UStack(42, frames("a.out`main+0x5"), []uint64{5, 0})}, AggValue: abi.AggValue{Value: 9, Count: 9}},
	}}
	if err := p.Exit([]*sink.Aggregation{a}); err != nil {
		t.Fatal(err)
	}
	want := "\n\n              vmlinux`f+0x1\n              vmlinux`g+0x2\n                7\n" +
		"\n              a.out`main+0x5\n                9\n"
	if b.String() != want {
		t.Errorf("got\n%q\nwant\n%q", b.String(), want)
	}
}
