package session

import (
	"fmt"
	"time"

	"github.com/cilium/ebpf"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/sink"
)

// A dropKind is a per-CPU count in the scratch map that the runner
// reports, in DTrace's words (illumos dt_handle.c).
type dropKind struct {
	off    int           // in the scratch value
	kind   sink.DropKind // its DTRACEDROP_* tag is shown under -x droptags
	what   string        // "drop", "dynamic variable drop", ...
	detail string        // after the count and noun
	perCPU bool          // reported per CPU ("on CPU N") rather than summed
	pace   pace          // when libdtrace looks at the count
}

// A pace is one of libdtrace's periodic activities, each at the rate of
// its option: principal buffer drops are reported as a CPU's buffer is
// switched (switchrate), aggregation drops as the aggregations are
// snapshot (aggrate), the others with the status (statusrate).
type pace int

const (
	paceSwitch pace = iota
	paceAgg
	paceStatus
	numPaces
)

var dropKinds = []dropKind{
	{off: abi.ScratchDrops, kind: sink.DropPrincipal, what: "drop", perCPU: true, pace: paceSwitch},
	{off: abi.CounterAggDrops.Offset(), kind: sink.DropAggregation, what: "aggregation drop", perCPU: true,
		pace: paceAgg},
	// New keys lost for where their probe fired (abi.CounterAggContext),
	// not for aggsize: aggregation drops a larger aggsize does not cure,
	// said so.
	{off: abi.CounterAggContext.Offset(), kind: sink.DropAggregation, what: "aggregation drop", perCPU: true,
		detail: " (new keys the kernel could not store where their probe fired)", pace: paceAgg},
	{off: abi.CounterDynDrops.Offset(), kind: sink.DropDynamic, what: "dynamic variable drop", pace: paceStatus},
	{off: abi.CounterSpecDrops.Offset(), kind: sink.DropSpec, what: "speculative drop", pace: paceStatus},
	{off: abi.CounterSpecBusy.Offset(), kind: sink.DropSpecBusy, what: "failed speculation",
		detail: " (available buffer(s) still busy)", pace: paceStatus},
	{off: abi.CounterSpecUnavail.Offset(), kind: sink.DropSpecUnavail, what: "failed speculation",
		detail: " (no speculative buffer available)", pace: paceStatus},
	{off: abi.CounterDblErrors.Offset(), kind: sink.DropDblError, what: "error",
		detail: " in ERROR probe enabling", pace: paceStatus},
	// Firings that found every scratch frame of their CPU held by the
	// firings they interrupted (abi.ScratchNestDrops): lost as a full
	// buffer loses them, said why.
	{off: abi.ScratchNestDrops, kind: sink.DropPrincipal, what: "drop", perCPU: true,
		detail: fmt.Sprintf(" (probes firing within %d others on the CPU)", abi.ScratchFrames), pace: paceSwitch},
}

// DefaultRate is the default of switchrate, aggrate and statusrate: 1 Hz.
const DefaultRate = time.Second

// A pacer says when a periodic activity is due, as libdtrace paces its
// status (dtrace_status): at once the first time, then each time its
// interval has passed since the last time it was due. An interval of 0
// is always due.
type pacer struct {
	interval time.Duration
	last     time.Time
}

// due reports whether the activity is due at now, and if so starts its
// next interval. Like libdtrace, it advances by whole intervals, but
// never stays more than one interval behind now.
func (p *pacer) due(now time.Time) bool {
	if p.last.IsZero() {
		p.last = now
		return true
	}
	if now.Sub(p.last) < p.interval {
		return false
	}
	p.last = p.last.Add(p.interval)
	if now.Sub(p.last) >= p.interval {
		p.last = now
	}
	return true
}

// rateOr returns d, or DefaultRate when d is not positive.
func rateOr(d time.Duration) time.Duration {
	if d <= 0 {
		return DefaultRate
	}
	return d
}

// pacers returns the pacers of the drop reports, one per pace, at cfg's
// rates.
func pacers(cfg *Config) [numPaces]pacer {
	return [numPaces]pacer{
		paceSwitch: {interval: rateOr(cfg.SwitchRate)},
		paceAgg:    {interval: rateOr(cfg.AggRate)},
		paceStatus: {interval: rateOr(cfg.StatusRate)},
	}
}

// readInterval is how often the reader must collect records, at the
// latest, for records to be read at switchrate and drops reported at
// their rates: the shortest of them.
func readInterval(cfg *Config) time.Duration {
	return min(rateOr(cfg.SwitchRate), rateOr(cfg.AggRate), rateOr(cfg.StatusRate))
}

// batchDone flushes the output after a batch of records and reports what
// was dropped since the last report of each kind whose pace is due, as
// dtrace does: records and aggregation keys per CPU, dynamic variables
// and speculations summed. final reports every kind (tracing has
// stopped: libdtrace then looks at everything once more).
func (r *run) batchDone(final bool) error {
	if err := r.cfg.Sink.Flush(); err != nil {
		return err
	}
	if r.pacers == nil {
		p := pacers(r.cfg)
		r.pacers = &p
	}
	now := time.Now()
	var due [numPaces]bool
	anyDue := false
	for i := range due {
		due[i] = r.pacers[i].due(now) || final
		anyDue = anyDue || due[i]
	}
	if !anyDue {
		return nil
	}
	vals, err := scratchCounts(r.maps[abi.ScratchMap])
	if err != nil {
		return err
	}
	if r.dropSeen == nil {
		r.dropSeen = make([][]uint64, len(dropKinds))
		for i := range r.dropSeen {
			r.dropSeen[i] = make([]uint64, len(vals))
		}
	}
	for i, k := range dropKinds {
		if !due[k.pace] {
			continue
		}
		seen := r.dropSeen[i]
		var sum uint64
		for cpu, v := range vals {
			if len(v) < k.off+8 || cpu >= len(seen) {
				continue
			}
			n := le.Uint64(v[k.off:])
			d := n - seen[cpu]
			seen[cpu] = n
			if k.perCPU && d > 0 {
				r.reportDrop(k, d, cpu)
			}
			sum += d
		}
		if !k.perCPU && sum > 0 {
			r.reportDrop(k, sum, -1)
		}
	}
	return nil
}

// scratchCounts returns each CPU's counters in the scratch map m: the
// words of the probe context up to its arguments, each the sum of its
// frames' (a firing counts in the frame it holds).
func scratchCounts(m *ebpf.Map) ([][]byte, error) {
	var sums [][]byte
	var vals [][]byte
	for k := range abi.ScratchFrames {
		if err := m.Lookup(uint32(k), &vals); err != nil {
			return nil, fmt.Errorf("read drop counts: %w", err)
		}
		if sums == nil {
			sums = make([][]byte, len(vals))
			for cpu := range sums {
				sums[cpu] = make([]byte, abi.CtxArgs)
			}
		}
		for cpu, v := range vals {
			if cpu >= len(sums) {
				break
			}
			for off := 0; off+8 <= abi.CtxArgs && off+8 <= len(v); off += 8 {
				le.PutUint64(sums[cpu][off:], le.Uint64(sums[cpu][off:])+le.Uint64(v[off:]))
			}
		}
	}
	return sums, nil
}

// reportDrop notifies one drop: "[TAG] N what(s)[ on CPU C]detail", of
// CPU cpu (-1: summed over the CPUs).
func (r *run) reportDrop(k dropKind, n uint64, cpu int) {
	tag := ""
	if r.cfg.DropTags {
		tag = "[" + k.kind.Tag() + "] "
	}
	s := "s"
	if n == 1 {
		s = ""
	}
	where := ""
	if cpu >= 0 {
		where = fmt.Sprintf(" on CPU %d", cpu)
	}
	r.cfg.Notify(sink.Notice{Kind: sink.NoticeDrop, Drop: k.kind, CPU: cpu, Count: n,
		Message: fmt.Sprintf("%s%d %s%s%s%s", tag, n, k.what, s, where, k.detail)})
}
