// Package session runs compiled D programs: it is the one package that
// wires the front end, the code generator, the providers and the BPF
// runtime together. Run matches the programs' probe descriptions, loads a
// trampoline program per attachment, fires BEGIN, attaches the probes,
// consumes records until exit() or a signal, detaches, fires END, and
// prints what is left, as dtrace(1) does.
//
// It is part of dtrace-go's implementation, not of its API (README.md's
// layout table names the packages a program imports).
package session

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/cilium/ebpf"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/dscript"
	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/dscript/ktypes"
	"github.com/dtrace-go/dtrace/providers"
	dtraceprov "github.com/dtrace-go/dtrace/providers/dtrace"
	"github.com/dtrace-go/dtrace/sink"
	"github.com/dtrace-go/dtrace/symtab"
)

// Unit is one program as the user gave it.
type Unit struct {
	Program *dscript.Program
	Kind    dscript.SourceKind
	Name    string // the -s path or the -n/-P/... operand
}

// Config is what a run needs besides its programs. ConfigFrom makes one
// from DTrace's options.
type Config struct {
	Registry *providers.Registry
	// Codegen are the options the programs are compiled with (see
	// Compile).
	Codegen    codegen.Options
	DropTags   bool          // -x droptags: drop messages name their DTRACEDROP_* tag
	BufSize    int           // ring buffer bytes; 0 sizes it from the program (see RingPerCPU)
	SwitchRate time.Duration // switchrate: how often records are read (0: 1s)
	AggRate    time.Duration // aggrate: how often aggregation drops are reported (0: 1s)
	StatusRate time.Duration // statusrate: how often other drops are reported (0: 1s)
	BPFLog     bool          // -x bpflog: keep the verifier's log of a rejection
	// BufPolicy is bufpolicy: what happens to records as the principal
	// buffer fills (see BufPolicy).
	BufPolicy BufPolicy
	// principal is the bytes of records each CPU keeps under fill and
	// ring (bufsize), set by Run.
	principal int

	// Kernel gives the running kernel's types, for the offsets of the
	// kernel members the program reads; nil opens the default BTF.
	Kernel *ktypes.Kernel
	// KernelSymbols gives the kernel's symbols, for stacks and the
	// tracing machinery's frames; nil reads them once for the run.
	KernelSymbols *symtab.KernelSymbols
	// Sink receives the records and aggregations, decoded; nil drops
	// them.
	Sink sink.Sink
	// Notify receives what dtrace(1) reports on its standard error: how
	// many probes each program matched, drops, faults, warnings, the
	// processes that exit. Nil drops them.
	Notify func(sink.Notice)
	// Destructive allows destructive actions (-w, -x destructive).
	Destructive bool
	// OneCPU and CPU are the cpu option: only CPU's firings run the
	// clauses (BEGIN and END fire on it).
	OneCPU bool
	CPU    int
	// ManualResize is bufresize=manual: a map the size options size that
	// the kernel cannot make fails the run rather than being lowered.
	ManualResize bool
	// Procs are the processes of -c and -p: created ones run once the
	// probes are enabled, and tracing ends once all have exited.
	Procs []*Proc
}

// Compile compiles the units' clauses to BPF as Run compiles them, with
// cfg's code generation options: what -S shows is what a run loads.
func Compile(units []Unit, cfg *Config) (*codegen.Program, error) {
	var cu []codegen.Unit
	for _, u := range units {
		cu = append(cu, codegen.Unit{File: u.Program.File, Info: u.Program.Info})
	}
	return codegen.Compile(cu, cfg.Codegen)
}

// Run runs the units until exit(), ctx's cancellation (SIGINT), or an
// error, and returns the exit status dtrace should end with. A ctx done
// before tracing starts (while the programs load) ends the run with ctx's
// error, and nothing delivered.
func Run(ctx context.Context, cfg *Config, units []Unit) (int, error) {
	prog, err := Compile(units, cfg)
	if err != nil {
		return 1, err
	}
	if err := checkSizes(prog, cfg); err != nil {
		return 1, err
	}
	rc := *cfg
	cfg = &rc
	if cfg.Notify == nil {
		cfg.Notify = func(sink.Notice) {}
	}
	if cfg.Sink == nil {
		cfg.Sink = discard{}
	}
	if cfg.KernelSymbols == nil {
		cfg.KernelSymbols = &symtab.KernelSymbols{}
	}
	// Unless the user chose it, the ring buffer's size follows what the
	// program records. Under fill and ring, bufsize is what each CPU
	// keeps, which the consumer holds: the ring buffer, read as always,
	// gets the default size.
	cfg.principal = principalSize(cfg.BufSize)
	if cfg.principal > bpf.MaxRingBufSize && cfg.BufPolicy != PolicySwitch {
		// What a CPU keeps is held in memory: no more than a ring
		// buffer could hold.
		cfg.principal = bpf.MaxRingBufSize
		cfg.Notify(sink.Notice{Kind: sink.NoticeWarning, Message: "buffer size lowered to " + SizeString(int64(cfg.principal))})
	}
	if cfg.BufPolicy == PolicySwitch {
		cfg.BufSize = ringSize(prog, cfg.BufSize)
	} else {
		cfg.BufSize = ringSize(prog, 0)
	}
	if err := relocate(prog, cfg.Kernel); err != nil {
		return 1, err
	}
	// Match every clause's descriptions, in order.
	byProbe := map[uint32][]*codegen.Clause{}
	var enabled []*providers.Probe
	seen := map[uint32]bool{}
	var eps epids
	ci := 0
	for _, u := range units {
		ms, err := matchUnit(cfg.Registry, u)
		if err != nil {
			return 1, err
		}
		matched := 0
		for _, ps := range ms {
			clause := prog.Clauses[ci]
			ci++
			for _, p := range ps {
				eps.add(p.ID, clause.Index, clause.Stmt+p.Desc)
				byProbe[p.ID] = append(byProbe[p.ID], clause)
				matched++
				if !seen[p.ID] {
					seen[p.ID] = true
					enabled = append(enabled, p.Probe)
				}
			}
		}
		cfg.Notify(sink.Notice{Kind: sink.NoticeMatched, Count: uint64(matched), Message: matchNotice(u, matched)})
	}
	// The return probes the descriptions matched that could not be
	// made: a line, once.
	if msg := providers.OmittedNotice(cfg.Registry.Omitted()); msg != "" {
		cfg.Notify(sink.Notice{Kind: sink.NoticeWarning, Message: msg})
	}
	eps.size(prog)
	r := &run{cfg: cfg, prog: prog, byProbe: byProbe, ksyms: cfg.KernelSymbols}
	abandoned := false
	defer func() {
		if !abandoned {
			r.close()
		}
	}()
	if err := refuseDestructive(cfg, units); err != nil {
		return 1, err
	}
	// The verifier may take seconds over a large program, and the kernel
	// restarts it when a signal interrupts it: a run cancelled meanwhile
	// (dtrace's SIGINT) ends at once, before tracing, and leaves the
	// loading to finish on its own and be closed then.
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	loaded := make(chan error, 1)
	go func() {
		loading()
		loaded <- r.load(enabled)
	}()
	select {
	case err := <-loaded:
		if err != nil {
			return 1, err
		}
	case <-ctx.Done():
		abandoned = true
		go func() {
			<-loaded
			r.close()
		}()
		return 0, ctx.Err()
	}
	r.reportLowered(r.lowered)
	r.allowNotice()
	if err := eps.fill(prog, r.maps); err != nil {
		return 1, err
	}
	return r.trace(ctx)
}

// loading is called as a run starts loading its programs (tests make it
// wait).
var loading = func() {}

// discard is the Sink of a run without one.
type discard struct{}

func (discard) Record(*sink.Record) error     { return nil }
func (discard) End([]*sink.Aggregation) error { return nil }
func (discard) Flush() error                  { return nil }

// matchNotice is dtrace's notice of how many probes a program matched.
func matchNotice(u Unit, n int) string {
	s := "probes"
	if n == 1 {
		s = "probe"
	}
	if u.Kind == dscript.Script {
		return fmt.Sprintf("script '%s' matched %d %s", u.Name, n, s)
	}
	spec := u.Name
	if i := strings.IndexAny(spec, "{/;"); i >= 0 {
		spec = spec[:i]
	}
	return fmt.Sprintf("description '%s' matched %d %s", spec, n, s)
}

// run is one run's loaded state.
type run struct {
	cfg     *Config
	lowered Lowered // what newMaps lowered, reported once loaded
	prog    *codegen.Program
	byProbe map[uint32][]*codegen.Clause
	ksyms   *symtab.KernelSymbols
	maps    maps
	atts    []*providers.Attachment
	progs   []*ebpf.Program
	links   bpf.Links
	reader  *bpf.Reader
	// dropSeen holds, per dropKinds entry and CPU, the count reported so
	// far; pacers say when each kind is due (drops.go).
	dropSeen [][]uint64
	pacers   *[numPaces]pacer
}

func (r *run) close() {
	r.links.Close()
	if r.reader != nil {
		r.reader.Close()
	}
	for _, p := range r.progs {
		if p != nil {
			p.Close()
		}
	}
	if r.maps != nil {
		r.maps.Close()
	}
}

// load creates the maps and loads a program per attachment.
func (r *run) load(enabled []*providers.Probe) error {
	m, lowered, err := newMaps(r.prog, enabled, r.cfg.BufSize, r.cfg.ManualResize)
	if err != nil {
		return err
	}
	r.maps, r.lowered = m, lowered
	byProv := map[string][]*providers.Probe{}
	var provs []string
	for _, p := range enabled {
		if byProv[p.Provider] == nil {
			provs = append(provs, p.Provider)
		}
		byProv[p.Provider] = append(byProv[p.Provider], p)
	}
	for _, name := range provs {
		prov := r.cfg.Registry.Provider(name)
		atts, err := r.plan(prov, byProv[name])
		if err != nil {
			return fmt.Errorf("enable %s probes: %w", name, err)
		}
		r.atts = append(r.atts, atts...)
	}
	e := &codegen.Enablings{ByProbe: r.byProbe, Error: r.errorProbe(enabled)}
	for _, att := range r.atts {
		// Clauses run in program order on each probe.
		for _, p := range att.Probes {
			cs := r.byProbe[p.ID]
			sort.SliceStable(cs, func(i, j int) bool { return cs[i].Index < cs[j].Index })
		}
		opts := &bpf.LoadOptions{}
		if r.cfg.BPFLog {
			opts.LogLevel = ebpf.LogLevelBranch
		}
		cpu := -1
		if r.cfg.OneCPU {
			cpu = r.cfg.CPU
		}
		bp, err := r.maps.load(r.prog, att, r.stack(att.Stack), e, opts, cpu)
		if err != nil {
			return err
		}
		r.progs = append(r.progs, bp)
	}
	if err := r.startVtime(); err != nil {
		return err
	}
	return r.setWallBase()
}

// plan groups probes of provider prov into attachments: those enabled by
// a clause calling return() (codegen.ClauseOverrides) where the provider
// can override the traced function's return value.
func (r *run) plan(prov providers.Provider, probes []*providers.Probe) ([]*providers.Attachment, error) {
	override := map[uint32]bool{}
	for _, p := range probes {
		if slices.ContainsFunc(r.byProbe[p.ID], codegen.ClauseOverrides) {
			override[p.ID] = true
		}
	}
	if len(override) == 0 {
		return prov.Plan(probes)
	}
	o, ok := prov.(providers.Overrider)
	if !ok {
		return nil, fmt.Errorf("return( ) cannot override the return value of %s probes", prov.Name())
	}
	return o.PlanOverride(probes, override)
}

// errorProbe returns the id of dtrace:::ERROR when it is among the enabled
// probes, else 0.
func (r *run) errorProbe(enabled []*providers.Probe) uint32 {
	for _, p := range enabled {
		if p.Provider == "dtrace" && p.Module == "" && p.Function == "" && p.Name == dtraceprov.Error {
			return p.ID
		}
	}
	return 0
}

// setWallBase stores the offset from the monotonic clock to the wall clock
// for walltimestamp.
func (r *run) setWallBase() error {
	mono, err := monotonicNow()
	if err != nil {
		return err
	}
	wall := time.Now().UnixNano()
	v := make([]byte, r.prog.GlobalsSize)
	// Warming up until BEGIN has fired (trace.go).
	le.PutUint64(v[abi.GlobalExiting:], abi.ExitingWarmup)
	le.PutUint64(v[abi.GlobalWallBase:], uint64(wall-mono))
	// A record wakes the reader each time its CPU has sent its share of a
	// quarter of the ring buffer: at most a quarter waits unseen.
	le.PutUint64(v[abi.GlobalWakeAt:], bpf.RingWakeMark(r.cfg.BufSize))
	le.PutUint64(v[abi.GlobalFillAt:], noFillLimit)
	if r.cfg.BufPolicy == PolicyFill {
		le.PutUint64(v[abi.GlobalFillAt:], fillLimit(r.cfg.principal, endReserve(r.prog, r.byProbe, r.probeID("END"))))
	}
	return r.maps[abi.GlobalsMap].Update(uint32(0), v, ebpf.UpdateAny)
}

// reportLowered says which sizes newMaps lowered, as dtrace(1) says it
// after enabling: "buffer size lowered to 2g", "aggregation size lowered
// to 512m", "dynamic variable size lowered to 1m".
func (r *run) reportLowered(l Lowered) {
	for _, s := range []struct {
		what     string
		size     int
		halvings int
	}{
		{"buffer size", r.cfg.BufSize, l.Ring},
		{"aggregation size", cmp.Or(r.cfg.Codegen.AggSize, codegen.DefaultAggSize), l.Agg},
		{"dynamic variable size", cmp.Or(r.cfg.Codegen.DynVarSize, codegen.DefaultDynVarSize), l.Dyn},
	} {
		if s.halvings > 0 {
			r.cfg.Notify(sink.Notice{Kind: sink.NoticeWarning, Message: s.what + " lowered to " + SizeString(int64(s.size)>>s.halvings)})
		}
	}
}
