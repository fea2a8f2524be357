package session

import (
	"fmt"

	"github.com/dtrace-go/dtrace/dscript/codegen"
)

// A dropKind is a per-CPU count in the scratch map that the runner
// reports, in DTrace's words (illumos dt_handle.c).
type dropKind struct {
	off    int    // in the scratch value
	tag    string // DTRACEDROP_*, shown under -x droptags
	what   string // "drop", "dynamic variable drop", ...
	detail string // after the count and noun
	perCPU bool   // reported per CPU ("on CPU N") rather than summed
}

var dropKinds = []dropKind{
	{off: codegen.ScratchDrops, tag: "DTRACEDROP_PRINCIPAL", what: "drop", perCPU: true},
	{off: codegen.ScratchCounter(codegen.CounterAggDrops), tag: "DTRACEDROP_AGGREGATION", what: "aggregation drop", perCPU: true},
	{off: codegen.ScratchCounter(codegen.CounterDynDrops), tag: "DTRACEDROP_DYNAMIC", what: "dynamic variable drop"},
	{off: codegen.ScratchCounter(codegen.CounterSpecDrops), tag: "DTRACEDROP_SPEC", what: "speculative drop"},
	{off: codegen.ScratchCounter(codegen.CounterSpecBusy), tag: "DTRACEDROP_SPECBUSY", what: "failed speculation",
		detail: " (available buffer(s) still busy)"},
	{off: codegen.ScratchCounter(codegen.CounterSpecUnavail), tag: "DTRACEDROP_SPECUNAVAIL", what: "failed speculation",
		detail: " (no speculative buffer available)"},
}

// batchDone flushes the output after a batch of records and reports what
// was dropped since the last batch, as dtrace does: records and
// aggregation keys per CPU, dynamic variables and speculations summed.
func (r *run) batchDone() error {
	if r.cfg.Output != nil {
		if err := r.cfg.Output.Flush(); err != nil {
			return err
		}
	}
	var vals [][]byte
	if err := r.maps[codegen.ScratchMap].Lookup(uint32(0), &vals); err != nil {
		return fmt.Errorf("read drop counts: %w", err)
	}
	if r.dropSeen == nil {
		r.dropSeen = make([][]uint64, len(dropKinds))
		for i := range r.dropSeen {
			r.dropSeen[i] = make([]uint64, len(vals))
		}
	}
	for i, k := range dropKinds {
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
				r.reportDrop(k, d, fmt.Sprintf(" on CPU %d", cpu))
			}
			sum += d
		}
		if !k.perCPU && sum > 0 {
			r.reportDrop(k, sum, "")
		}
	}
	return nil
}

// reportDrop prints one drop message: "dtrace: [TAG] N what(s)detailwhere".
func (r *run) reportDrop(k dropKind, n uint64, where string) {
	tag := ""
	if r.cfg.DropTags {
		tag = "[" + k.tag + "] "
	}
	s := "s"
	if n == 1 {
		s = ""
	}
	fmt.Fprintf(r.cfg.Stderr, "dtrace: %s%d %s%s%s%s\n", tag, n, k.what, s, k.detail, where)
}
