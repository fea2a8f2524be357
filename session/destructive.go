package session

import (
	"errors"

	"github.com/dtrace-go/dtrace/dscript/check"
	"github.com/dtrace-go/dtrace/sink"
)

// ErrDestructive is the error of a run whose programs hold destructive
// actions without -w (or -x destructive): libdtrace's EDT_DESTRUCTIVE,
// which dtrace reports as "could not enable tracing: Destructive actions
// not allowed". Its text is libdtrace's, capital letter included.
var ErrDestructive = errors.New("Destructive actions not allowed")

// refuseDestructive refuses programs with destructive actions unless cfg
// allows them, as dtrace_go does; it is checked before the programs are
// loaded, so that the refusal is DTrace's whatever else the kernel would
// refuse.
func refuseDestructive(cfg *Config, units []Unit) error {
	if cfg.Destructive {
		return nil
	}
	for _, u := range units {
		if check.FirstDestructive(u.Program.File) != nil {
			return ErrDestructive
		}
	}
	return nil
}

// allowNotice notifies, with -w, "allowing destructive actions",
// as dtrace says once tracing is enabled.
func (r *run) allowNotice() {
	if r.cfg.Destructive {
		r.cfg.Notify(sink.Notice{Kind: sink.NoticeDestructive, Message: "allowing destructive actions"})
	}
}
