package cli

import (
	"fmt"
	"io"

	"github.com/dtrace-go/dtrace/sink"
)

// outWriter is dtrace's output, standard output or the -o file: a write
// that fails ends dtrace as dtrace(1)'s oprintf does.
type outWriter struct {
	w    io.Writer
	name string // the -o file, or "<stdout>"
}

func (o *outWriter) Write(p []byte) (int, error) {
	n, err := o.w.Write(p)
	if err != nil {
		err = &writeError{name: o.name, err: err}
	}
	return n, err
}

// writeError is a write to dtrace's output that failed.
type writeError struct {
	name string
	err  error
}

// Error is oprintf's: "failed to write to <stdout>: Bad file descriptor".
func (e *writeError) Error() string {
	return fmt.Sprintf("failed to write to %s: %s", e.name, sink.Strerror(e.err))
}

func (e *writeError) Unwrap() error { return e.err }

// out returns dtrace's output: the -o file when there is one, else
// standard output, each a write to which that fails ends dtrace.
func (s *state) out() io.Writer {
	if s.output != nil {
		return &outWriter{w: s.output, name: s.ofile}
	}
	return &outWriter{w: s.stdout, name: "<stdout>"}
}
