package session

import (
	"cmp"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/codegen"
)

// checkSizes refuses, as dtrace-utils does before it enables anything,
// sizes that cannot hold one of what goes in them: a principal buffer
// (bufsize) smaller than the largest record with its ring buffer header
// (dtrace_go: the perf event header, the size and dt_maxreclen), an
// aggsize smaller than the largest aggregation key and value together,
// a dynvarsize smaller than the largest dynamic variable key and value
// together (gmap_create_aggs and gmap_create_dvars: no element fits).
func checkSizes(prog *codegen.Program, cfg *Config) error {
	maxRec := 0
	for _, r := range prog.Records {
		if r != nil {
			maxRec = max(maxRec, r.Size)
		}
	}
	if maxRec > 0 && principalSize(cfg.BufSize) < abi.RingHeaderSize+maxRec {
		return ErrBufTooSmall
	}
	var aggKey, aggVal, dynKey, dynVal int
	for _, d := range prog.Maps {
		if d.Object == nil {
			continue
		}
		if _, ok := d.Object.Agg(); ok {
			aggKey, aggVal = max(aggKey, align8(d.KeySize)), max(aggVal, align8(d.ValueSize))
		} else if d.Kind == codegen.HashMap {
			dynKey, dynVal = max(dynKey, align8(d.KeySize)), max(dynVal, align8(d.ValueSize))
		}
	}
	if aggVal > 0 && cmp.Or(cfg.Codegen.AggSize, codegen.DefaultAggSize) < aggKey+aggVal {
		return ErrBufTooSmall
	}
	if dynVal > 0 && cmp.Or(cfg.Codegen.DynVarSize, codegen.DefaultDynVarSize) < dynKey+dynVal {
		return ErrBufTooSmall
	}
	return nil
}
