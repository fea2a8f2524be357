package sink

import "errors"

// Tee returns a Sink that delivers everything to each of sinks, in order.
// It is a LiveSink, a NoticeSink and an ExitSink, and forwards each of
// those to the sinks that are one. A call goes on to the sinks after one
// that failed; the errors are joined.
func Tee(sinks ...Sink) *TeeSink {
	return &TeeSink{sinks: sinks}
}

// TeeSink is the Sink Tee returns.
type TeeSink struct{ sinks []Sink }

// Sinks returns the sinks t fans out to.
func (t *TeeSink) Sinks() []Sink { return t.sinks }

// Record implements Sink.
func (t *TeeSink) Record(r *Record) error {
	if len(t.sinks) == 1 {
		return t.sinks[0].Record(r)
	}
	var errs []error
	for _, s := range t.sinks {
		if err := s.Record(r); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// End implements Sink.
func (t *TeeSink) End(aggs []*Aggregation) error {
	var errs []error
	for _, s := range t.sinks {
		if err := s.End(aggs); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// Flush implements Sink.
func (t *TeeSink) Flush() error {
	var errs []error
	for _, s := range t.sinks {
		if err := s.Flush(); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// Live implements LiveSink.
func (t *TeeSink) Live(snapshot func() ([]*Aggregation, error)) {
	for _, s := range t.sinks {
		if l, ok := s.(LiveSink); ok {
			l.Live(snapshot)
		}
	}
}

// Notice implements NoticeSink.
func (t *TeeSink) Notice(n Notice) error {
	var errs []error
	for _, s := range t.sinks {
		if ns, ok := s.(NoticeSink); ok {
			if err := ns.Notice(n); err != nil {
				errs = append(errs, err)
			}
		}
	}
	return errors.Join(errs...)
}

// Exit implements ExitSink.
func (t *TeeSink) Exit(status int) error {
	var errs []error
	for _, s := range t.sinks {
		if es, ok := s.(ExitSink); ok {
			if err := es.Exit(status); err != nil {
				errs = append(errs, err)
			}
		}
	}
	return errors.Join(errs...)
}
