// Package builtin assembles the providers dtrace-go has into a registry, in
// the order dtrace -l lists them.
//
// It is part of dtrace-go's implementation, not of its API (README.md's
// layout table names the packages a program imports).
package builtin

import (
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/cpc"
	"github.com/dtrace-go/dtrace/providers/dtrace"
	"github.com/dtrace-go/dtrace/providers/fbt"
	"github.com/dtrace-go/dtrace/providers/internal/uproc"
	"github.com/dtrace-go/dtrace/providers/lockstat"
	"github.com/dtrace-go/dtrace/providers/perf"
	"github.com/dtrace-go/dtrace/providers/pid"
	"github.com/dtrace-go/dtrace/providers/profile"
	"github.com/dtrace-go/dtrace/providers/rawfbt"
	"github.com/dtrace-go/dtrace/providers/stable"
	"github.com/dtrace-go/dtrace/providers/syscall"
	"github.com/dtrace-go/dtrace/providers/usdt"
)

// Providers returns a fresh instance of every provider: dtrace, profile,
// syscall, the tracepoint provider as perf, sdt and rawtp, the stable
// providers proc, sched and io, cpc, lockstat, then fbt (last, so that
// its hundred thousand probes number after the others' and a description
// naming another provider never lists them) and rawfbt (whose probes are
// made as descriptions name it), those that
// read the kernel's description of itself reading it from sys. They share
// one cache of what they read (see providers.System.Shared): tracefs and
// BTF are read once for all of them, and never shared with the providers
// of another call.
func Providers(sys providers.System) []providers.Provider {
	sys = sys.Shared()
	ps := []providers.Provider{dtrace.New(), profile.New(), syscall.New(sys)}
	ps = append(ps, perf.Providers(sys)...)
	ps = append(ps, stable.Providers(sys)...)
	return append(ps, cpc.New(sys), lockstat.New(sys), fbt.New(sys), rawfbt.New(sys))
}

// Registry returns a registry of Providers, with the factories of the
// providers made on demand: pid (pid1234) and the USDT providers of
// processes (python1234).
func Registry(sys providers.System) *providers.Registry {
	r, err := providers.NewRegistry(Providers(sys)...)
	if err != nil {
		panic(err) // the names are distinct
	}
	cache := &uproc.Cache{}
	r.AddFactory(pid.NewFactory(cache))
	r.AddFactory(usdt.NewFactory(cache))
	return r
}
