package session

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/dscript/options"
	"github.com/dtrace-go/dtrace/dscript/output"
)

func TestSetoptApply(t *testing.T) {
	type opt = output.Options
	for _, c := range []struct {
		name, value string
		given       bool
		start, want opt
		err         string
	}{
		{name: "quiet", want: opt{Quiet: true}},
		{name: "quiet", value: "0", given: true, want: opt{Quiet: true}},
		{name: "quiet", value: "", given: true, start: opt{Quiet: true}},
		{name: "quiet", value: "off", given: true, start: opt{Quiet: true}},
		{name: "quiet", value: "maybe", given: true, start: opt{Quiet: true}, want: opt{Quiet: true},
			err: "Invalid value for specified option"},
		{name: "flowindent", value: "yes", given: true, want: opt{FlowIndent: true}},
		{name: "rawbytes", want: opt{RawBytes: true}},
		{name: "aggsortkey", value: "true", given: true, want: opt{AggSortKey: true}},
		{name: "aggsortrev", want: opt{AggSortRev: true}},
		{name: "aggsortkeypos", value: "2", given: true, want: opt{AggSortKeyPos: 2}},
		{name: "aggsortpos", value: "1", given: true, want: opt{AggSortPos: 1}},
		{name: "aggsortpos", value: "no", given: true, start: opt{AggSortPos: 3}},
		{name: "stackindent", value: "4", given: true, want: opt{StackIndent: 4}},
		{name: "stackindent", value: "0", given: true, want: opt{StackIndent: output.StackIndentNone}},
		{name: "switchrate", value: "10hz", given: true},
		{name: "aggrate", value: "2s", given: true},
		{name: "aggrate", value: "0.5hz", given: true, err: "Invalid value for specified option"},
		{name: "zdefs"},
		{name: "zdefs", value: "x", given: true, err: "Invalid value for specified option"},
		{name: "cpppath", value: "/bin/cpp", given: true},
		{name: "bufsize", value: "1m", given: true, err: "Operation illegal when tracing is active"},
		{name: "strsize", value: "bogus", given: true, err: "Operation illegal when tracing is active"},
		{name: "Nixon", err: "Invalid option name"},
	} {
		// What the runner checks, then what the text output applies.
		err := checkSetopt(c.name, c.value, c.given)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.err {
			t.Errorf("setopt(%q, %q): error %q, want %q", c.name, c.value, got, c.err)
		}
		o := c.start
		if err == nil {
			var set options.Set
			if err := set.Set(c.name, c.value, c.given); err != nil {
				t.Fatal(err)
			}
			o.SetOption(&set, c.name)
		}
		if o != c.want {
			t.Errorf("setopt(%q, %q): options %+v, want %+v", c.name, c.value, o, c.want)
		}
	}
}

func TestSetoptUnsupported(t *testing.T) {
	if err := checkSetopt("aggpack", "", false); !errors.Is(err, codegen.ErrNotSupported) {
		t.Errorf("setopt(\"aggpack\"): %v, want not supported", err)
	}
}

func TestSetoptWarning(t *testing.T) {
	prog := compileTail(t, "BEGIN\n{\n}\nBEGIN\n{\n}\nBEGIN\n{\n\tsetopt(\"bufsize\", \"1m\");\n\tsetopt(\"Nixon\");\n}\n")
	reg, err := NewRegistry()
	if err != nil {
		t.Fatal(err)
	}
	ps, _ := reg.Match("dtrace", "", "", "BEGIN")
	var stderr bytes.Buffer
	d := textDecoder(prog, reg, io.Discard, output.Options{}, &stderr)
	r := prog.Records[len(prog.Records)-1]
	rec := make([]byte, r.Size)
	abi.Header{Probe: ps[0].ID, Record: r.ID}.Put(rec)
	for i, s := range []string{"bufsize", "1m", "Nixon"} {
		copy(rec[r.Fields[[]int{1, 2, 4}[i]].Offset:], s)
	}
	if _, err := d.Record(rec); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("dtrace: error on enabled probe ID 3 (ID %d: dtrace:::BEGIN): couldn't set option \"bufsize\" to \"1m\": Operation illegal when tracing is active\n\n", ps[0].ID) +
		fmt.Sprintf("dtrace: error on enabled probe ID 3 (ID %d: dtrace:::BEGIN): couldn't set option \"Nixon\" to \"\": Invalid option name\n\n", ps[0].ID)
	if stderr.String() != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", &stderr, want)
	}
}
