// Package builtin assembles the providers dtrace-go has into a registry, in
// the order dtrace -l lists them.
package builtin

import (
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/dtrace"
	"github.com/dtrace-go/dtrace/providers/perf"
	"github.com/dtrace-go/dtrace/providers/profile"
	"github.com/dtrace-go/dtrace/providers/syscall"
)

// Providers returns a fresh instance of every provider: dtrace, profile,
// syscall, then the tracepoint provider as perf, sdt and rawtp.
func Providers() []providers.Provider {
	ps := []providers.Provider{dtrace.New(), profile.New(), syscall.New()}
	return append(ps, perf.Providers()...)
}

// Registry returns a registry of Providers.
func Registry() *providers.Registry {
	r, err := providers.NewRegistry(Providers()...)
	if err != nil {
		panic(err) // the names are distinct
	}
	return r
}
