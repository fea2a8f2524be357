// Package folded writes stack-keyed aggregations as folded stacks, the
// input of flamegraph.pl, inferno and speedscope: one line per key, its
// keys separated by semicolons and its value after a space,
//
//	execname;user outermost frame;...;user leaf;kernel outermost frame;...;kernel leaf 42
//
// The keys that are not stacks come first, in order; then the user stacks
// (ustack(), jstack()) and the kernel stacks (stack()), each from its
// outermost frame to its leaf: user code calls into the kernel, so a
// sample's kernel frames are above its user frames. Frames are named as
// DTrace names them without the offset ("vmlinux`vfs_read",
// "libc.so.6`read"; "0x..." for an address in no known function). When
// several aggregations have stack keys, each line starts with the
// aggregation's name ("@name"). The value is the one dtrace prints; for a
// quantization, the number of values it counted. Keys whose value is 0 are
// left out; lines are sorted.
//
// It is part of dtrace-go's API.
package folded

import (
	"bufio"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/dtrace-go/dtrace/sink"
)

// Write writes the stack-keyed aggregations among aggs to w.
func Write(w io.Writer, aggs []*sink.Aggregation) error {
	var stacked []*sink.Aggregation
	for _, a := range aggs {
		if hasStack(a) {
			stacked = append(stacked, a)
		}
	}
	var lines []string
	var b strings.Builder
	for _, a := range stacked {
		for _, e := range a.Entries {
			v := value(a, e)
			if v == 0 {
				continue
			}
			b.Reset()
			if len(stacked) > 1 {
				b.WriteString("@" + a.Name)
			}
			for _, k := range e.Key {
				if k.Kind != sink.KindStack && k.Kind != sink.KindUStack {
					sep(&b)
					b.WriteString(clean(keyString(k)))
				}
			}
			for _, kind := range []sink.Kind{sink.KindUStack, sink.KindStack} {
				for _, k := range e.Key {
					if k.Kind != kind {
						continue
					}
					for i := len(k.Frames) - 1; i >= 0; i-- {
						sep(&b)
						f := k.Frames[i]
						b.WriteString(clean(sink.SymName(f.Module, f.Func, f.PC)))
					}
				}
			}
			b.WriteByte(' ')
			b.WriteString(strconv.FormatInt(v, 10))
			b.WriteByte('\n')
			lines = append(lines, b.String())
		}
	}
	slices.Sort(lines)
	bw := bufio.NewWriter(w)
	for _, l := range lines {
		if _, err := bw.WriteString(l); err != nil {
			return err
		}
	}
	return bw.Flush()
}

func sep(b *strings.Builder) {
	if b.Len() > 0 {
		b.WriteByte(';')
	}
}

// clean keeps a name from breaking the line's syntax: semicolons become
// colons, line breaks spaces; an empty name is "-".
func clean(s string) string {
	if s == "" {
		return "-"
	}
	if !strings.ContainsAny(s, ";\n\r") {
		return s
	}
	return strings.NewReplacer(";", ":", "\n", " ", "\r", " ").Replace(s)
}

// keyString is a key that is not a stack as dtrace prints it.
func keyString(v sink.Value) string {
	switch v.Kind {
	case sink.KindInt:
		if v.Signed {
			return strconv.FormatInt(v.Int(), 10)
		}
		return strconv.FormatUint(v.Uint(), 10)
	case sink.KindFloat:
		return strconv.FormatFloat(math.Float64frombits(v.Bits), 'g', -1, 64)
	case sink.KindString:
		return v.Str
	case sink.KindSym, sink.KindUSym:
		f := v.Frame()
		return sink.SymName(f.Module, f.Func, f.PC)
	case sink.KindUAddr:
		f := v.Frame()
		return sink.FrameName(f.Module, f.Func, f.FuncStart, f.PC)
	case sink.KindMod, sink.KindUMod:
		f := v.Frame()
		return sink.ModName(f.Module, f.PC)
	}
	var b strings.Builder
	for _, c := range v.Bytes {
		b.WriteString(strconv.FormatUint(uint64(c)|0x100, 16)[1:])
	}
	return b.String()
}

// value is an entry's value: a quantization's count of values.
func value(a *sink.Aggregation, e *sink.Entry) int64 {
	if !a.Func.IsQuantization() {
		return a.Scalar(e)
	}
	var n int64
	for _, b := range a.Buckets(e) {
		n += b.Count
	}
	return n
}

// hasStack reports whether aggregation a is keyed by a stack.
func hasStack(a *sink.Aggregation) bool {
	for _, e := range a.Entries {
		for _, v := range e.Key {
			if v.Kind == sink.KindStack || v.Kind == sink.KindUStack {
				return true
			}
		}
		return false
	}
	return false
}

// Sink is a sink.Sink that writes the stack-keyed aggregations to a
// writer once tracing has ended (End).
type Sink struct {
	w     io.Writer
	ended bool
}

// New returns a Sink writing to w.
func New(w io.Writer) *Sink { return &Sink{w: w} }

// Record implements sink.Sink: records are not written.
func (s *Sink) Record(*sink.Record) error { return nil }

// Flush implements sink.Sink.
func (s *Sink) Flush() error { return nil }

// End implements sink.Sink: it writes the folded stacks.
func (s *Sink) End(aggs []*sink.Aggregation) error {
	if s.ended {
		return nil
	}
	s.ended = true
	return Write(s.w, aggs)
}
