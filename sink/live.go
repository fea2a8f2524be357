package sink

import "errors"

// Optional interfaces of a Sink. The runner (and the dtrace package's Run)
// looks for them on the Sink it is given; Tee forwards them to the sinks it
// fans out to.

// A LiveSink reads the aggregations while tracing runs, not only at End:
// an HTTP endpoint serving their current values, for instance.
type LiveSink interface {
	Sink
	// Live is called once, before tracing starts, with a function that
	// returns every aggregation's data at the time of the call, as End
	// delivers them; what it returns is the caller's to keep. snapshot
	// may be called from any goroutine, concurrently with the run, until
	// tracing ends; then it returns ErrEnded. It must not be called from
	// within the Sink's own methods (the runner holds the data while it
	// calls them).
	Live(snapshot func() ([]*Aggregation, error))
}

// ErrEnded is what a LiveSink's snapshot function returns once tracing has
// ended.
var ErrEnded = errors.New("tracing has ended")

// A NoticeSink receives, besides the Notify callback, every notice of the
// run (drops, faults, warnings, processes that exit): structured output
// records them among the data.
type NoticeSink interface {
	Sink
	Notice(n Notice) error
}

// An ExitSink receives the run's exit status once End has been delivered:
// exit()'s argument, or 0.
type ExitSink interface {
	Sink
	Exit(status int) error
}
