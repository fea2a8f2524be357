package session

import (
	"sync"

	"github.com/dtrace-go/dtrace/sink"
)

// live serves a sink.LiveSink's snapshots of the aggregations while
// tracing runs. The decoder (its map reads, its symbol caches, the
// aggregations it reuses) is the runner's: the runner holds mu while it
// decodes, and lets go of it only while it waits for records, when a
// snapshot can take it. A nil *live does nothing.
type live struct {
	mu    sync.Mutex
	d     *decoder
	held  bool // the runner holds mu (touched by the runner alone)
	ended bool // tracing has ended: the maps are about to close
}

// startLive hands the run's sink, if it is a sink.LiveSink, the function
// that snapshots the aggregations, and returns the live state the runner
// then holds; nil when the sink is not live.
func (r *run) startLive(d *decoder) *live {
	ls, ok := r.cfg.Sink.(sink.LiveSink)
	if !ok {
		return nil
	}
	lv := &live{d: d}
	lv.hold()
	ls.Live(lv.snapshot)
	return lv
}

// hold takes the decoder for the runner, if it does not hold it already.
func (lv *live) hold() {
	if lv != nil && !lv.held {
		lv.mu.Lock()
		lv.held = true
	}
}

// release lets go of the decoder while the runner waits.
func (lv *live) release() {
	if lv != nil && lv.held {
		lv.held = false
		lv.mu.Unlock()
	}
}

// wrap returns consume taking the decoder first.
func (lv *live) wrap(consume func([]byte) error) func([]byte) error {
	if lv == nil {
		return consume
	}
	return func(rec []byte) error {
		lv.hold()
		return consume(rec)
	}
}

// end stops the snapshots: later ones return sink.ErrEnded.
func (lv *live) end() {
	if lv == nil {
		return
	}
	lv.hold()
	lv.ended = true
	lv.release()
}

// snapshot reads every aggregation from the kernel, as End delivers them;
// what it returns is the caller's. It may be called from any goroutine.
func (lv *live) snapshot() ([]*sink.Aggregation, error) {
	lv.mu.Lock()
	defer lv.mu.Unlock()
	if lv.ended {
		return nil, sink.ErrEnded
	}
	d := lv.d
	as := make([]*sink.Aggregation, 0, len(d.prog.Aggs))
	for id := range d.prog.Aggs {
		a, err := d.snapshot(id)
		if err != nil {
			return nil, err
		}
		// The entries are made anew by each snapshot; the list and the
		// aggregation are the decoder's, so they are copied.
		c := *a
		c.Entries = append([]*sink.Entry(nil), a.Entries...)
		as = append(as, &c)
	}
	return as, nil
}
