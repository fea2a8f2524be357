package bpftest

import (
	"fmt"
	"os"
	"testing"

	"github.com/cilium/ebpf"
)

// recorder is a testing.TB that records how a helper ended the test.
type recorder struct {
	testing.TB
	ended string
}

func (r *recorder) Helper() {}

func (r *recorder) Skip(args ...any) {
	r.ended = "skip"
	panic(r)
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.ended = "fatal"
	panic(r)
}

func (r *recorder) Fatal(args ...any) {
	r.ended = "fatal"
	panic(r)
}

func run(t *testing.T, fn func(tb testing.TB)) string {
	r := &recorder{TB: t}
	func() {
		defer func() {
			if p := recover(); p != nil && p != r {
				panic(p)
			}
		}()
		fn(r)
	}()
	return r.ended
}

func TestSkip(t *testing.T) {
	t.Setenv(RequireEnv, "")
	if got := run(t, func(tb testing.TB) { Skip(tb, "no %s", "kprobes") }); got != "skip" {
		t.Errorf("without %s: %s, want skip", RequireEnv, got)
	}
	t.Setenv(RequireEnv, "1")
	if got := run(t, func(tb testing.TB) { Skip(tb, "no %s", "kprobes") }); got != "fatal" {
		t.Errorf("with %s=1: %s, want fatal", RequireEnv, got)
	}
}

func TestSkipIfUnsupported(t *testing.T) {
	t.Setenv(RequireEnv, "")
	for _, tc := range []struct {
		err  error
		want string
	}{
		{nil, ""},
		{fmt.Errorf("attach: %w", ebpf.ErrNotSupported), "skip"},
		{fmt.Errorf("open: %w", os.ErrNotExist), "skip"},
		{fmt.Errorf("boom"), "fatal"},
	} {
		if got := run(t, func(tb testing.TB) { SkipIfUnsupported(tb, tc.err) }); got != tc.want {
			t.Errorf("SkipIfUnsupported(%v): %q, want %q", tc.err, got, tc.want)
		}
	}
}
