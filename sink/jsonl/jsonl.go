// Package jsonl writes what a run delivers as JSON Lines: one JSON object
// per line, written as it comes, so that jq reads a trace while it runs
// and a long one is never held whole. It is dtrace's -x oformat=json.
//
// Field names are those of FreeBSD's structured output of dtrace(1)
// (oformat, libxo) where it has them. A probe's firing is
//
//	{"timestamp":1700000000.123456,"cpu":1,"id":17,"provider":"syscall","module":"vmlinux",
//	 "function":"read","name":"entry","output":[...]}
//
// (timestamp: when it was written, in seconds since the epoch) whose
// output holds an object per action:
//
//	trace(x)        {"value":x} (a number or a string); {"bytes":"0a1b..."} for raw data
//	printf()        {"message":"the text"}, then an object per argument as trace() makes it
//	stack()         {"stack-frames":[FRAME...]}, ustack() {"ustack-frames":[FRAME...],"pid":N}
//	sym(), func()   {"sym":"mod`func","object":"mod","name":"func"} (usym, ufunc: "usym")
//	uaddr()         {"uaddr":"mod`func+0x1a","object":...,"name":...,"offset":"0x1a"}
//	mod(), umod()   {"mod":"mod"}, {"umod":"mod"}
//	tracemem()      {"tracemem":"0a1b..."}
//	printa()        {"message":...} when it has a format, then an AGGREGATION per aggregation
//	exit(n)         {"exit":n}; system(), freopen(), setopt(): {"system":"cmd"}, {"freopen":"file"},
//	                {"setopt":"name","value":"v"}
//
// where a FRAME is {"symbol":"vmlinux`vfs_read+0x10","module":"vmlinux",
// "name":"vfs_read","offset":"0x10","address":"0xffffffff812345f0"} (only
// "symbol" and "address" when the address is in no known function) and an
// AGGREGATION is
//
//	{"aggregation-name":"name","aggregation-function":"count",
//	 "aggregation-data":[{"keys":[KEY...],"count":42}, ...]}
//
// with the value under the function's name ("count", "sum", "avg", "min",
// "max", "stddev"), or for the quantizations "buckets": the non-empty
// ones, [{"value":64,"min":64,"max":127,"count":17}, ...] (value as dtrace
// labels the row; min and max the integers it counts). Keys are objects
// as trace() makes them. The aggregations printa() has not printed are
// written at the end, an AGGREGATION per line.
//
// Drops, faults, warnings, the exit of a process and the run's exit status
// are lines of a pseudo-probe, as FreeBSD writes drops:
//
//	{"timestamp":...,"cpu":-1,"id":-1,"provider":"dtrace","module":"INTERNAL","function":"INTERNAL",
//	 "name":"DROP","count":3,"total":3,"kind":0,"tag":"DTRACEDROP_PRINCIPAL","msg":"3 drops on CPU 0"}
//
// named "DROP" (cpu is the CPU, or -1 for drops counted over all), "ERROR"
// (with "fault", "address" when the fault has one, "clause", "pc" and
// "probe", the faulting probe as {"id","provider","module","function",
// "name"}), "WARNING", "PROC-EXIT" (with "pid") and "EXIT" (with
// "status"), each with DTrace's message in "msg".
//
// It is part of dtrace-go's API.
package jsonl

import (
	"errors"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/sink"
	"github.com/dtrace-go/dtrace/sink/text"
)

// Config configures a Sink.
type Config struct {
	// Stderr receives the output of system()'s commands, which would
	// break the lines of the JSON output (nil: os.Stderr).
	Stderr io.Writer
	// Now returns the time records are stamped with (nil: time.Now).
	Now func() time.Time
}

// Sink is the sink.Sink of JSON Lines. It is also a sink.NoticeSink and a
// sink.ExitSink. It buffers its writes until Flush.
type Sink struct {
	w       *sink.Output
	cfg     Config
	buf     []byte
	printed map[int]bool
	totals  map[sink.DropKind]uint64
}

// New returns a Sink writing to w.
func New(w io.Writer, cfg Config) *Sink {
	if cfg.Stderr == nil {
		cfg.Stderr = os.Stderr
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Sink{w: sink.NewOutput(w, 256<<10), cfg: cfg, printed: map[int]bool{},
		totals: map[sink.DropKind]uint64{}}
}

// Flush implements sink.Sink.
func (s *Sink) Flush() error { return s.w.Flush() }

// Close closes the file freopen() redirected the output to, if any.
func (s *Sink) Close() error { return s.w.Close() }

// line writes the object in s.buf as a line.
func (s *Sink) line() error {
	s.buf = append(s.buf, '\n')
	_, err := s.w.Write(s.buf)
	return err
}

// Record implements sink.Sink.
func (s *Sink) Record(r *sink.Record) error {
	b := s.probe(s.buf[:0], r.CPU, int64(r.Probe.ID), r.Probe.Provider, r.Probe.Module, r.Probe.Function, r.Probe.Name)
	b = append(b, `,"output":[`...)
	n := 0
	item := func(b []byte) []byte {
		if n > 0 {
			b = append(b, ',')
		}
		n++
		return b
	}
	var after []func() error
	for i := range r.Actions {
		a := &r.Actions[i]
		switch a.Kind {
		case sink.ActTrace:
			b = appendValue(item(b), a.Values[0])
		case sink.ActPrintf:
			msg, err := text.Sprintf(a.Format, a.Values...)
			if err != nil {
				return err
			}
			b = appendString(append(item(b), `{"message":`...), msg)
			b = append(b, '}')
			for _, v := range a.Values {
				b = appendValue(item(b), v)
			}
		case sink.ActPrinta:
			if a.Format != nil {
				var sb strings.Builder
				if err := text.NewPrinter(&sb, text.Options{Quiet: true}).Printa(a.Format, a.Aggs...); err != nil {
					return err
				}
				b = appendString(append(item(b), `{"message":`...), sb.String())
				b = append(b, '}')
			}
			for _, ag := range a.Aggs {
				b = appendAgg(item(b), ag)
				if len(ag.Entries) > 0 {
					s.printed[ag.ID] = true
				}
			}
		case sink.ActPrint:
			// print()'s text, as DTrace's output shows it.
			b = appendString(append(item(b), `{"message":`...), text.PrintString(a.Values[0]))
			b = append(b, '}')
		case sink.ActTraceMem:
			b = append(item(b), `{"tracemem":"`...)
			b = appendHex(b, a.Values[0].Bytes)
			b = append(b, `"}`...)
		case sink.ActExit:
			b = append(item(b), `{"exit":`...)
			b = strconv.AppendInt(b, a.Values[0].Int(), 10)
			b = append(b, '}')
		case sink.ActSystem, sink.ActFreopen:
			arg := ""
			if a.Format != nil {
				var err error
				if arg, err = text.Sprintf(a.Format, a.Values...); err != nil {
					return err
				}
			}
			name := "system"
			if a.Kind == sink.ActFreopen {
				name = "freopen"
			}
			b = append(item(b), `{"`+name+`":`...)
			b = appendString(b, arg)
			b = append(b, '}')
			if a.Kind == sink.ActSystem {
				after = append(after, func() error { return s.system(arg) })
			} else {
				after = append(after, func() error { return s.freopen(a.Format != nil, arg) })
			}
		case sink.ActSetopt:
			b = append(item(b), `{"setopt":`...)
			b = appendString(b, a.Values[0].Str)
			if len(a.Values) > 1 {
				b = appendString(append(b, `,"value":`...), a.Values[1].Str)
			}
			b = append(b, '}')
		}
	}
	b = append(b, "]}"...)
	s.buf = b
	if err := s.line(); err != nil {
		return err
	}
	for _, f := range after {
		if err := f(); err != nil {
			return err
		}
	}
	return nil
}

// probe starts a probe's object.
func (s *Sink) probe(b []byte, cpu int, id int64, prov, mod, fn, name string) []byte {
	b = append(b, `{"timestamp":`...)
	now := s.cfg.Now()
	b = strconv.AppendInt(b, now.Unix(), 10)
	// The microseconds, six digits: 1000000+us less its leading 1.
	n := len(b)
	b = strconv.AppendInt(b, int64(now.Nanosecond()/1000+1000000), 10)
	b[n] = '.'
	b = append(b, `,"cpu":`...)
	b = strconv.AppendInt(b, int64(cpu), 10)
	b = append(b, `,"id":`...)
	b = strconv.AppendInt(b, id, 10)
	b = appendString(append(b, `,"provider":`...), prov)
	b = appendString(append(b, `,"module":`...), mod)
	b = appendString(append(b, `,"function":`...), fn)
	b = appendString(append(b, `,"name":`...), name)
	return b
}

// pseudo starts a pseudo-probe's object.
func (s *Sink) pseudo(b []byte, cpu int, name string) []byte {
	return s.probe(b, cpu, -1, "dtrace", "INTERNAL", "INTERNAL", name)
}

// dropKinds numbers the kinds of drops as DTrace's dtrace_dropkind_t does.
var dropKinds = map[sink.DropKind]int{
	sink.DropPrincipal: 0, sink.DropAggregation: 1, sink.DropDynamic: 2,
	sink.DropSpec: 5, sink.DropSpecBusy: 6, sink.DropSpecUnavail: 7,
}

// Notice implements sink.NoticeSink: drops, faults, warnings and exited
// processes are written as pseudo-probes' lines.
func (s *Sink) Notice(n sink.Notice) error {
	msg := strings.TrimPrefix(n.Message, "dtrace: ")
	var b []byte
	switch n.Kind {
	case sink.NoticeDrop:
		b = s.pseudo(s.buf[:0], n.CPU, "DROP")
		s.totals[n.Drop] += n.Count
		b = append(b, `,"count":`...)
		b = strconv.AppendUint(b, n.Count, 10)
		b = append(b, `,"total":`...)
		b = strconv.AppendUint(b, s.totals[n.Drop], 10)
		b = append(b, `,"kind":`...)
		b = strconv.AppendInt(b, int64(dropKinds[n.Drop]), 10)
		b = appendString(append(b, `,"tag":`...), n.Drop.Tag())
	case sink.NoticeFault:
		b = s.pseudo(s.buf[:0], -1, "ERROR")
		if f := n.Fault; f != nil {
			b = appendString(append(b, `,"fault":`...), f.Fault.String())
			b = append(b, `,"clause":`...)
			b = strconv.AppendUint(b, f.Clause, 10)
			b = append(b, `,"pc":`...)
			b = strconv.AppendUint(b, f.PC, 10)
			switch f.Fault {
			case abi.FaultBadAddr, abi.FaultBadAlign, abi.FaultBadStack:
				b = append(b, `,"address":"0x`...)
				b = strconv.AppendUint(b, f.Addr, 16)
				b = append(b, '"')
			}
		}
		p := n.Probe
		b = append(b, `,"probe":{"id":`...)
		b = strconv.AppendUint(b, uint64(p.ID), 10)
		b = appendString(append(b, `,"provider":`...), p.Provider)
		b = appendString(append(b, `,"module":`...), p.Module)
		b = appendString(append(b, `,"function":`...), p.Function)
		b = appendString(append(b, `,"name":`...), p.Name)
		b = append(b, '}')
	case sink.NoticeWarning:
		b = s.pseudo(s.buf[:0], -1, "WARNING")
	case sink.NoticeExited:
		b = s.pseudo(s.buf[:0], -1, "PROC-EXIT")
		b = append(b, `,"pid":`...)
		b = strconv.AppendInt(b, int64(n.PID), 10)
	default:
		return nil
	}
	b = appendString(append(b, `,"msg":`...), msg)
	s.buf = append(b, '}')
	if err := s.line(); err != nil {
		return err
	}
	return s.w.Flush()
}

// End implements sink.Sink: the aggregations printa() has not printed, a
// line each.
func (s *Sink) End(aggs []*sink.Aggregation) error {
	for _, a := range aggs {
		if s.printed[a.ID] {
			continue
		}
		s.buf = appendAgg(s.buf[:0], a)
		if err := s.line(); err != nil {
			return err
		}
	}
	return s.w.Flush()
}

// Exit implements sink.ExitSink: the run's exit status.
func (s *Sink) Exit(status int) error {
	b := s.pseudo(s.buf[:0], -1, "EXIT")
	b = append(b, `,"status":`...)
	b = strconv.AppendInt(b, int64(status), 10)
	s.buf = append(b, '}')
	if err := s.line(); err != nil {
		return err
	}
	return s.w.Flush()
}

// system runs a system() command with /bin/sh -c once what precedes it is
// written, its output going to Stderr.
func (s *Sink) system(cmdline string) error {
	if err := s.w.Flush(); err != nil {
		return err
	}
	return sink.System(cmdline, s.cfg.Stderr, s.cfg.Stderr)
}

// freopen sends the lines to come to file name, appended to (to the
// sink's writer again when !named); a file that cannot be opened leaves
// the output where it was.
func (s *Sink) freopen(named bool, name string) error {
	if !named {
		return s.w.Restore()
	}
	if err := s.w.Redirect(name); !errors.As(err, new(*sink.RedirectError)) {
		return err
	}
	return nil // the text output's warning is DTrace's; here the record says what was asked
}

// appendAgg appends an aggregation's object.
func appendAgg(b []byte, a *sink.Aggregation) []byte {
	b = appendString(append(b, `{"aggregation-name":`...), a.Name)
	b = appendString(append(b, `,"aggregation-function":`...), a.Func.String())
	b = append(b, `,"aggregation-data":[`...)
	es := slices.Clone(a.Entries)
	// Sorted as dtrace sorts by default: by value, then by key.
	slices.SortStableFunc(es, func(x, y *sink.Entry) int {
		if c := sink.CompareValues(a, x, a, y); c != 0 {
			return c
		}
		return sink.CompareKeys(x.Key, y.Key, 0)
	})
	for i, e := range es {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"keys":[`...)
		for j, k := range e.Key {
			if j > 0 {
				b = append(b, ',')
			}
			b = appendValue(b, k)
		}
		b = append(b, ']')
		if a.Func.IsQuantization() {
			b = append(b, `,"buckets":[`...)
			for j, bk := range a.Buckets(e) {
				if j > 0 {
					b = append(b, ',')
				}
				b = append(b, `{"value":`...)
				b = strconv.AppendInt(b, bk.Value, 10)
				b = append(b, `,"min":`...)
				b = strconv.AppendInt(b, bk.Min, 10)
				b = append(b, `,"max":`...)
				b = strconv.AppendInt(b, bk.Max, 10)
				b = append(b, `,"count":`...)
				b = strconv.AppendInt(b, bk.Count, 10)
				b = append(b, '}')
			}
			b = append(b, "]}"...)
			continue
		}
		b = append(b, `,"`+a.Func.String()+`":`...)
		if a.Func == abi.AggCount || a.Func == abi.AggStddev {
			b = strconv.AppendUint(b, uint64(a.Scalar(e)), 10)
		} else {
			b = strconv.AppendInt(b, a.Scalar(e), 10)
		}
		b = append(b, '}')
	}
	return append(b, "]}"...)
}

// appendValue appends a value's object.
func appendValue(b []byte, v sink.Value) []byte {
	switch v.Kind {
	case sink.KindInt:
		b = append(b, `{"value":`...)
		if v.Signed {
			b = strconv.AppendInt(b, v.Int(), 10)
		} else {
			b = strconv.AppendUint(b, v.Uint(), 10)
		}
	case sink.KindFloat:
		b = append(b, `{"value":`...)
		f := math.Float64frombits(v.Bits)
		if math.IsInf(f, 0) || math.IsNaN(f) {
			b = appendString(b, strconv.FormatFloat(f, 'g', -1, 64))
		} else {
			b = strconv.AppendFloat(b, f, 'g', -1, 64)
		}
	case sink.KindString:
		b = appendString(append(b, `{"value":`...), v.Str)
	case sink.KindStack, sink.KindUStack:
		name := "stack-frames"
		if v.Kind == sink.KindUStack {
			name = "ustack-frames"
		}
		b = append(b, `{"`+name+`":[`...)
		for i, f := range v.Frames {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendFrame(b, f, true)
		}
		b = append(b, ']')
		if v.Kind == sink.KindUStack {
			b = append(b, `,"pid":`...)
			b = strconv.AppendUint(b, v.PID, 10)
		}
	case sink.KindSym, sink.KindUSym:
		f := v.Frame()
		name := "sym"
		if v.Kind == sink.KindUSym {
			name = "usym"
		}
		b = appendString(append(b, `{"`+name+`":`...), sink.SymName(f.Module, f.Func, f.PC))
		b = appendWhere(b, f, false)
	case sink.KindUAddr:
		f := v.Frame()
		b = appendString(append(b, `{"uaddr":`...), sink.FrameName(f.Module, f.Func, f.FuncStart, f.PC))
		b = appendWhere(b, f, true)
	case sink.KindMod, sink.KindUMod:
		f := v.Frame()
		name := "mod"
		if v.Kind == sink.KindUMod {
			name = "umod"
		}
		b = appendString(append(b, `{"`+name+`":`...), sink.ModName(f.Module, f.PC))
	default:
		b = append(b, `{"bytes":"`...)
		b = appendHex(b, v.Bytes)
		b = append(b, '"')
	}
	return append(b, '}')
}

// appendFrame appends a stack frame's object.
func appendFrame(b []byte, f sink.Frame, offset bool) []byte {
	b = appendString(append(b, `{"symbol":`...), sink.FrameName(f.Module, f.Func, f.FuncStart, f.PC))
	b = appendWhere(b, f, offset)
	b = append(b, `,"address":"0x`...)
	b = strconv.AppendUint(b, f.PC, 16)
	return append(b, `"}`...)
}

// appendWhere appends a frame's "module" (or "object" for a symbol),
// "name" and, when offset is set, "offset" fields, those known.
func appendWhere(b []byte, f sink.Frame, offset bool) []byte {
	if f.Module != "" {
		b = appendString(append(b, `,"module":`...), f.Module)
	}
	if f.Func != "" {
		b = appendString(append(b, `,"name":`...), f.Func)
		if offset {
			b = append(b, `,"offset":"0x`...)
			b = strconv.AppendUint(b, f.PC-f.FuncStart, 16)
			b = append(b, '"')
		}
	}
	return b
}

const hexDigits = "0123456789abcdef"

func appendHex(b []byte, data []byte) []byte {
	for _, c := range data {
		b = append(b, hexDigits[c>>4], hexDigits[c&15])
	}
	return b
}

// appendString appends s as a JSON string; bytes that are not UTF-8 become
// U+FFFD.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&15])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
