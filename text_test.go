package dtrace

import (
	"testing"

	"github.com/dtrace-go/dtrace/sink/text"
)

// TestTextSetopt applies setopt() of the text output's options as the
// text sink does, from a program's record on (the runner has checked
// them: session's TestSetoptCheck).
func TestTextSetopt(t *testing.T) {
	type opt = text.Options
	for _, c := range []struct {
		name, value string
		given       bool
		start, want opt
		applied     bool
	}{
		{name: "quiet", want: opt{Quiet: true}, applied: true},
		{name: "quiet", value: "0", given: true, want: opt{Quiet: true}, applied: true},
		{name: "quiet", value: "", given: true, start: opt{Quiet: true}, applied: true},
		{name: "quiet", value: "off", given: true, start: opt{Quiet: true}, applied: true},
		{name: "flowindent", value: "yes", given: true, want: opt{FlowIndent: true}, applied: true},
		{name: "rawbytes", want: opt{RawBytes: true}, applied: true},
		{name: "aggsortkey", value: "true", given: true, want: opt{AggSortKey: true}, applied: true},
		{name: "aggsortrev", want: opt{AggSortRev: true}, applied: true},
		{name: "aggsortkeypos", value: "2", given: true, want: opt{AggSortKeyPos: 2}, applied: true},
		{name: "aggsortpos", value: "1", given: true, want: opt{AggSortPos: 1}, applied: true},
		{name: "aggsortpos", value: "no", given: true, start: opt{AggSortPos: 3}, applied: true},
		{name: "stackindent", value: "4", given: true, want: opt{StackIndent: 4}, applied: true},
		{name: "stackindent", value: "0", given: true, want: opt{StackIndent: text.StackIndentNone}, applied: true},
		{name: "printsize", value: "1k", given: true, want: opt{PrintSize: 1024}, applied: true},
		{name: "switchrate", value: "10hz", given: true},
		{name: "zdefs"},
	} {
		o := c.start
		applied := applySetopt(&o, c.name, c.value, c.given)
		if applied != c.applied || o != c.want {
			t.Errorf("setopt(%q, %q): %+v (applied %v), want %+v (%v)", c.name, c.value, o, applied, c.want, c.applied)
		}
	}
}
