package syscall

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/dtrace-go/dtrace/bpf/bpftest"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/internal/ptest"
	"github.com/dtrace-go/dtrace/providers/internal/tracefs"
)

var _ providers.Describer = (*Provider)(nil)

// TestFixtureArgTypes lists the system calls of the fixture system and
// reads their argument types from its format files.
func TestFixtureArgTypes(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("no system call table for", runtime.GOARCH)
	}
	ret := []string{"long", "long"}
	want := map[string][]string{
		"read:entry":       {"unsigned int", "char *", "size_t"},
		"write:entry":      {"unsigned int", "const char *", "size_t"},
		"openat:entry":     {"int", "const char *", "int", "umode_t"},
		"close:entry":      {"unsigned int"},
		"execve:entry":     {"const char *", "const char *const *", "const char *const *"},
		"exit_group:entry": {"int"},
	}
	for _, call := range []string{"read", "write", "openat", "close", "execve", "exit_group"} {
		want[call+":return"] = ret
	}
	p := New(providers.System{Tracefs: "../testdata/system/tracing"})
	attrs := providers.Attributes{
		Provider: providers.Attr{Name: providers.Evolving, Data: providers.Evolving, Class: providers.ClassCommon},
		Module:   providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassUnknown},
		Function: providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassISA},
		Name:     providers.Attr{Name: providers.Evolving, Data: providers.Evolving, Class: providers.ClassCommon},
		Args:     providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassISA},
	}
	ptest.CheckDescriber(t, p, attrs, providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassUnknown},
		func(pr *providers.Probe) string { return pr.Function + ":" + pr.Name }, want)

	// A call the fixture has no format file for.
	_, err := p.ArgTypes(&providers.Probe{Provider: "syscall", Module: Module, Function: "getpid", Name: Entry, Data: Probe{Nr: 39}})
	wantErr := "describe syscall::getpid:entry: read ../testdata/system/tracing/events/syscalls/sys_enter_getpid/format: no such file or directory"
	if err == nil || err.Error() != wantErr {
		t.Errorf("ArgTypes(getpid): %v, want %s", err, wantErr)
	}
	if _, err := p.ArgTypes(&providers.Probe{Function: "read", Name: Entry, Data: 0}); err == nil {
		t.Error("ArgTypes of a probe that is no syscall probe succeeded")
	}
}

// TestBadFormats reads format files that lack what ArgTypes needs.
func TestBadFormats(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"sys_enter_nonr": "format:\n\tfield:int fd;\toffset:16;\tsize:8;\tsigned:0;\n",
		"sys_exit_noret": "format:\n\tfield:int __syscall_nr;\toffset:8;\tsize:4;\tsigned:1;\n\tfield:long value;\toffset:16;\tsize:8;\tsigned:1;\n",
		"sys_enter_bad":  "format:\n\tfield:int __syscall_nr;\toffset:8;\tsize:4;\tsigned:1;\n\tfield:*;\toffset:16;\tsize:8;\tsigned:1;\n",
		"sys_enter_none": "format:\n\tfield:int __syscall_nr;\toffset:8;\tsize:4;\tsigned:1;\n\nprint fmt: \"\"\n",
	}
	var events strings.Builder
	for name, format := range files {
		events.WriteString("syscalls:" + name + "\n")
		path := filepath.Join(dir, "events", "syscalls", name, "format")
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(format), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "available_events"), []byte(events.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	p := New(providers.System{Tracefs: dir})
	format := func(event string) string { return filepath.Join(dir, "events", "syscalls", event, "format") }
	for _, c := range []struct {
		call   string
		ret    bool
		errMsg string
	}{
		{"nonr", false, "parse " + format("sys_enter_nonr") + ": no __syscall_nr field"},
		{"noret", true, format("sys_exit_noret") + " has no ret field"},
		{"bad", false, "parse " + format("sys_enter_bad") + `: bad field "*"`},
	} {
		name := Entry
		if c.ret {
			name = Return
		}
		_, err := p.ArgTypes(&providers.Probe{Function: c.call, Name: name, Data: Probe{Return: c.ret}})
		if err == nil || !strings.HasSuffix(err.Error(), c.errMsg) {
			t.Errorf("%s: %v, want ... %s", c.call, err, c.errMsg)
		}
	}
	got, err := p.ArgTypes(&providers.Probe{Function: "none", Name: Entry, Data: Probe{}})
	if got != nil || err != nil {
		t.Errorf("a call without arguments: %q, %v", got, err)
	}
}

func TestParseField(t *testing.T) {
	for decl, want := range map[string]field{
		"const char * filename":       {"filename", "const char *"},
		"const char *const * argv":    {"argv", "const char *const *"},
		"char *buf":                   {"buf", "char *"},
		"unsigned  long\targs[6]":     {"args", "unsigned long [6]"},
		"u8 data[2][3]":               {"data", "u8 [2][3]"},
		"struct sockaddr * uservaddr": {"uservaddr", "struct sockaddr *"},
		"int __syscall_nr":            {"__syscall_nr", "int"},
	} {
		got, ok := parseField(decl)
		if !ok || got != want {
			t.Errorf("parseField(%q) = %+v, %v; want %+v", decl, got, ok, want)
		}
	}
	for _, decl := range []string{"", "int", "char *", "int 1x", "[4]"} {
		if got, ok := parseField(decl); ok {
			t.Errorf("parseField(%q) = %+v", decl, got)
		}
	}
}

// TestLiveArgTypes reads the argument types of every system call probe of
// the running system.
func TestLiveArgTypes(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("no system call table for", runtime.GOARCH)
	}
	if _, err := tracefs.Open(""); err != nil {
		bpftest.Skip(t, "%v", err)
	}
	p := New(providers.System{})
	ps, err := p.Probes()
	if err != nil {
		t.Fatal(err)
	}
	for _, pr := range ps {
		ts, err := p.ArgTypes(pr)
		if err != nil {
			t.Errorf("%s:%s: %v", pr.Function, pr.Name, err)
			continue
		}
		if pr.Name == Return && (len(ts) != 2 || ts[0] != ts[1]) || pr.Name == Entry && len(ts) > 6 {
			t.Errorf("%s:%s: types %q", pr.Function, pr.Name, ts)
		}
		for _, s := range ts {
			if s == "" || strings.Contains(s, "  ") {
				t.Errorf("%s:%s: types %q", pr.Function, pr.Name, ts)
			}
		}
	}
	t.Logf("%d probes described", len(ps))
}
