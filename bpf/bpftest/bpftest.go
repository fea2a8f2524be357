// Package bpftest helps tests that need the kernel's BPF features to skip
// when a feature is missing, and to fail instead when the environment
// promises the features are there (DTRACE_TEST_REQUIRE_BPF=1, as in CI).
//
// Tests decide by probing for the feature they use, never by kernel
// version.
//
// It is part of dtrace-go's implementation, not of its API (README.md's
// layout table names the packages a program imports).
package bpftest

import (
	"errors"
	"fmt"
	"os"
	"testing"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/features"
	"golang.org/x/sys/unix"
)

// RequireEnv is the environment variable that turns skips into failures
// when set to "1".
const RequireEnv = "DTRACE_TEST_REQUIRE_BPF"

// Required reports whether missing BPF features must fail tests.
func Required() bool { return os.Getenv(RequireEnv) == "1" }

// Skip skips tb because a kernel feature is missing, or fails it fatally
// when Required.
func Skip(tb testing.TB, format string, args ...any) {
	tb.Helper()
	msg := fmt.Sprintf(format, args...)
	if Required() {
		tb.Fatalf("%s (%s=1: missing BPF features fail)", msg, RequireEnv)
	}
	tb.Skip(msg)
}

// IsUnsupported reports whether err means the kernel or the process's
// privileges lack what was asked for, rather than a bug: ErrNotSupported,
// EPERM, or ENOENT for a missing tracepoint or tracefs.
func IsUnsupported(err error) bool {
	return errors.Is(err, ebpf.ErrNotSupported) ||
		errors.Is(err, unix.EPERM) ||
		errors.Is(err, os.ErrNotExist)
}

// SkipIfUnsupported skips (or, when Required, fails) tb when err is an
// IsUnsupported error, and fails it fatally on any other non-nil error.
func SkipIfUnsupported(tb testing.TB, err error) {
	tb.Helper()
	if err == nil {
		return
	}
	if IsUnsupported(err) {
		Skip(tb, "kernel feature missing: %v", err)
	}
	tb.Fatal(err)
}

// RequireProgramType probes for program type pt and skips tb without it.
func RequireProgramType(tb testing.TB, pt ebpf.ProgramType) {
	tb.Helper()
	if err := features.HaveProgramType(pt); err != nil {
		Skip(tb, "program type %s: %v", pt, err)
	}
}

// RequireMapType probes for map type mt and skips tb without it.
func RequireMapType(tb testing.TB, mt ebpf.MapType) {
	tb.Helper()
	if err := features.HaveMapType(mt); err != nil {
		Skip(tb, "map type %s: %v", mt, err)
	}
}
