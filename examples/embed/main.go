// Command embed shows dtrace-go's Go API: it counts system calls by
// process for a while, with a D program compiled and run in-process, and
// prints the busiest processes from the aggregation's decoded values
// rather than from DTrace's text output.
//
//	sudo go run ./examples/embed -for 2s -top 5
package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"time"

	"github.com/dtrace-go/dtrace"
	"github.com/dtrace-go/dtrace/sink"
)

func main() {
	dur := flag.Duration("for", time.Second, "how long to count")
	top := flag.Int("top", 10, "how many processes to print")
	flag.Parse()
	rows, err := count(*dur)
	if err != nil {
		fmt.Fprintf(os.Stderr, "embed: %v\n", err)
		os.Exit(1)
	}
	for _, r := range rows[:min(*top, len(rows))] {
		fmt.Printf("%-16s %8d\n", r.name, r.calls)
	}
}

// row is one process name and its system calls.
type row struct {
	name  string
	calls int64
}

// count runs the D program for d and returns what @calls holds at the end,
// the busiest first.
func count(d time.Duration) ([]row, error) {
	h, err := dtrace.Open(dtrace.Config{})
	if err != nil {
		return nil, err
	}
	defer h.Close()
	src := fmt.Sprintf(`syscall:::entry { @calls[execname] = count(); } tick-%dms { exit(0); }`, d.Milliseconds())
	if _, err := h.Compile(dtrace.Source{Kind: dtrace.ProbeName, Name: "calls", Text: []byte(src)}); err != nil {
		return nil, err
	}
	var s topSink
	notify := func(n sink.Notice) {
		if n.Kind == sink.NoticeDrop || n.Kind == sink.NoticeFault {
			fmt.Fprintln(os.Stderr, "embed:", n.Message)
		}
	}
	if _, err := h.Run(context.Background(), dtrace.RunConfig{Sink: &s, Notify: notify}); err != nil {
		return nil, err
	}
	return s.rows, nil
}

// topSink keeps the aggregation @calls as the run ends; it ignores the
// records.
type topSink struct{ rows []row }

func (s *topSink) Record(*sink.Record) error { return nil }

func (s *topSink) Flush() error { return nil }

func (s *topSink) End(aggs []*sink.Aggregation) error {
	for _, a := range aggs {
		if a.Name != "calls" {
			continue
		}
		for _, e := range a.Entries {
			s.rows = append(s.rows, row{name: e.Key[0].Str, calls: e.Value})
		}
	}
	slices.SortFunc(s.rows, func(a, b row) int { return cmp.Or(cmp.Compare(b.calls, a.calls), cmp.Compare(a.name, b.name)) })
	return nil
}
