package text

import (
	"strings"
	"testing"

	"github.com/dtrace-go/dtrace/sink"

	"github.com/dtrace-go/dtrace/abi"
)

// A stack aggregation key prints as a newline, its frames indented by
// stackindent, then the value on a line of its own.
func TestStackKeyLayout(t *testing.T) {
	var b strings.Builder
	p := NewPrinter(&b, Options{Quiet: true})
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
