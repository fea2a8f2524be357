package bpf

import (
	"errors"
	"io"
	"sync"
)

// Links is a set of attachments that are detached together. The zero
// value is ready to use; it is safe for concurrent use.
type Links struct {
	mu      sync.Mutex
	closers []io.Closer
}

// Add hands c to the set, which now owns it.
func (l *Links) Add(c io.Closer) {
	l.mu.Lock()
	l.closers = append(l.closers, c)
	l.mu.Unlock()
}

// Close detaches everything in the reverse order of Add and empties the
// set. It returns every error joined.
func (l *Links) Close() error {
	l.mu.Lock()
	cs := l.closers
	l.closers = nil
	l.mu.Unlock()
	var errs []error
	for i := len(cs) - 1; i >= 0; i-- {
		if err := cs[i].Close(); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
