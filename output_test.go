package dtrace

import (
	"context"
	"errors"
	"fmt"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/dtrace-go/dtrace/sink"
)

// ProgramInfo names keys after their expressions, knows their units and
// the period of the profile-N probe an aggregation is filled from.
func TestProgramInfo(t *testing.T) {
	h, err := Open(Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	src := `profile:::profile-99 { @cpu[execname, pid, stack(), ustack(), curthread->tgid, arg0, (int)arg1 + 1] = count(); }
profile:::profile-997 { @cpu2[execname] = count(); }
profile:::profile-997 { @both = count(); }
profile:::profile-99 { @both = count(); }
dtrace:::BEGIN { self->ts = timestamp; @lat[execname, pid, execname] = quantize(timestamp - self->ts); @t[walltimestamp] = sum(1); @ = count(); }
`
	if _, err := h.Compile(Source{Kind: Script, Name: "x.d", Text: []byte(src)}); err != nil {
		t.Fatal(err)
	}
	p := h.ProgramInfo()
	if len(p.Sources) != 1 || p.Sources[0].Name != "x.d" || p.Sources[0].Text != src {
		t.Errorf("sources %+v", p.Sources)
	}
	keys := func(name string) string {
		ai := p.Aggs[name]
		if ai == nil {
			return "none"
		}
		s := ""
		for _, k := range ai.Keys {
			s += fmt.Sprintf("%s/%s/%v ", k.Name, k.Unit, k.Stack)
		}
		return s + "unit=" + ai.Unit + " period=" + ai.Period.String()
	}
	for name, want := range map[string]string{
		"cpu":  "execname//false pid//false stack//true ustack//true tgid//false arg0//false key7//false unit= period=" + (time.Second / 99).String(),
		"cpu2": "execname//false unit= period=1.003009ms",
		"both": "unit= period=0s",
		"lat":  "execname//false pid//false execname_2//false unit=nanoseconds period=0s",
		"t":    "walltimestamp/nanoseconds/false unit= period=0s",
		"":     "unit= period=0s",
	} {
		if got := keys(name); got != want {
			t.Errorf("@%s: %s\nwant %s", name, got, want)
		}
	}
}

// liveSink snapshots the aggregations from another goroutine while the
// run goes on.
type liveSink struct {
	snap func() ([]*sink.Aggregation, error)
	got  chan func() ([]*sink.Aggregation, error)
}

func (l *liveSink) Record(*sink.Record) error                  { return nil }
func (l *liveSink) End([]*sink.Aggregation) error              { return nil }
func (l *liveSink) Flush() error                               { return nil }
func (l *liveSink) Live(f func() ([]*sink.Aggregation, error)) { l.got <- f }

// A LiveSink reads the aggregations while tracing runs, concurrently with
// the runner, and no longer once it has ended.
func TestLiveSnapshots(t *testing.T) {
	if os.Geteuid() != 0 {
		if os.Getenv("DTRACE_TEST_REQUIRE_BPF") != "" {
			t.Fatal("tracing needs root (DTRACE_TEST_REQUIRE_BPF is set)")
		}
		t.Skip("tracing needs root")
	}
	h, err := Open(Config{})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if _, err := h.Compile(Source{Kind: ProbeName, Name: "d", Text: []byte(fmt.Sprintf(
		`syscall::getppid:entry /pid == %d/ { @calls[probefunc] = count(); } tick-2s { exit(0); }`, os.Getpid()))}); err != nil {
		t.Fatal(err)
	}
	ls := &liveSink{got: make(chan func() ([]*sink.Aggregation, error), 1)}
	done := make(chan error, 1)
	go func() {
		_, err := h.Run(context.Background(), RunConfig{Sink: ls})
		done <- err
	}()
	snap := <-ls.got
	var last int64
	seen := 0
	for running := true; running; {
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
			running = false
		default:
			syscall.Getppid()
			aggs, err := snap()
			if errors.Is(err, sink.ErrEnded) {
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(aggs) != 1 || aggs[0].Name != "calls" {
				t.Fatalf("snapshot %v", aggs)
			}
			for _, e := range aggs[0].Entries {
				if e.Value < last {
					t.Errorf("count went from %d to %d", last, e.Value)
				}
				last = e.Value
				seen++
			}
		}
	}
	if seen == 0 || last == 0 {
		t.Errorf("no snapshot saw a count (%d snapshots, last %d)", seen, last)
	}
	if _, err := snap(); !errors.Is(err, sink.ErrEnded) {
		t.Errorf("snapshot after the run: %v", err)
	}
}
