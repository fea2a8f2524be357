package session

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/sink/text"
)

// TestSetoptCheck checks setopt()'s options as the runner does before a
// sink applies them (the text output's application is the root package's
// TestTextSetopt).
func TestSetoptCheck(t *testing.T) {
	for _, c := range []struct {
		name, value string
		given       bool
		err         string
	}{
		{name: "quiet"},
		{name: "quiet", value: "1", given: true},
		{name: "quiet", value: "0", given: true},
		{name: "quiet", value: "off", given: true},
		{name: "quiet", value: "maybe", given: true, err: "Invalid value for specified option"},
		{name: "flowindent", value: "yes", given: true},
		{name: "stackindent", value: "0", given: true},
		{name: "switchrate", value: "10hz", given: true},
		{name: "aggrate", value: "2s", given: true},
		{name: "aggrate", value: "0.5hz", given: true, err: "Invalid value for specified option"},
		// A compile-time flag takes no value: setopt("zdefs") gives it
		// "1", which dt_opt_cflags refuses.
		{name: "zdefs", err: "Invalid value for specified option"},
		{name: "cpp", err: "Invalid value for specified option"},
		{name: "zdefs", value: "x", given: true, err: "Invalid value for specified option"},
		{name: "define", value: "X=1", given: true},
		{name: "destructive", err: "Operation illegal when tracing is active"},
		{name: "cpppath", value: "/bin/cpp", given: true},
		{name: "bufsize", value: "1m", given: true, err: "Operation illegal when tracing is active"},
		{name: "strsize", value: "bogus", given: true, err: "Operation illegal when tracing is active"},
		{name: "Nixon", err: "Invalid option name"},
	} {
		value, given := setoptValue(c.value, c.given)
		err := checkSetopt(c.name, value, given)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.err {
			t.Errorf("setopt(%q, %q): error %q, want %q", c.name, c.value, got, c.err)
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
	d := textDecoder(prog, reg, io.Discard, text.Options{}, &stderr)
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
		fmt.Sprintf("dtrace: error on enabled probe ID 3 (ID %d: dtrace:::BEGIN): couldn't set option \"Nixon\" to \"1\": Invalid option name\n\n", ps[0].ID)
	if stderr.String() != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", &stderr, want)
	}
}
