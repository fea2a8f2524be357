package text

import (
	"io"
	"strings"
	"time"

	"github.com/dtrace-go/dtrace/dscript/printf"
	"github.com/dtrace-go/dtrace/sink"
)

// Options are the dtrace options and modes that change the output.
type Options struct {
	Quiet      bool // -q, quiet
	FlowIndent bool // -F, flowindent
	Testing    bool // _DTRACE_TESTING set: no CPU and ID columns
	RawBytes   bool // rawbytes: trace() data always as a hex dump

	// StackIndent is the stackindent option: the indentation of stack
	// frames in trace() and aggregation keys. 0 means the default
	// (DefaultStackIndent, 14); StackIndentNone means none.
	StackIndent int

	// PrintSize is the printsize option: print() shows at most that many
	// bytes of a value ("..." for the members past them); 0: all it
	// recorded.
	PrintSize int

	// sink.Aggregation sorting options.
	AggSortKey    bool // aggsortkey: by key, then value
	AggSortKeyPos int  // aggsortkeypos: the key position sorted on first
	AggSortPos    int  // aggsortpos: the aggregation (of a printa() of several) sorted on
	AggSortRev    bool // aggsortrev: reverse order

	// Location is the time zone of %Y and %T (nil: time.Local).
	Location *time.Location
}

// A Printer writes DTrace's output for one consumer. It keeps the state
// DTrace keeps between records: whether the heading has been printed, and
// the -F indentation.
type Printer struct {
	w   io.Writer
	opt Options

	headed bool
	// printed holds the ids of the aggregations printa() has printed.
	printed map[int]bool

	// Flow indentation state (dt_flowindent).
	indent    int
	lastEPID  uint32
	lastProbe uint32
	haveLast  bool

	// The printf() formats that render on the fast path (nil: not one),
	// the last one asked for, and the buffer they render into.
	fast       map[*printf.Format]*fastFormat
	lastFormat *printf.Format
	lastFast   *fastFormat
	buf        []byte
}

// New returns a Printer writing to w.
func NewPrinter(w io.Writer, opt Options) *Printer {
	return &Printer{w: w, opt: opt}
}

// Options returns the printer's options.
func (p *Printer) Options() Options { return p.opt }

// SetOptions changes the options (setopt() at run time); the heading and
// flow state are kept.
func (p *Printer) SetOptions(opt Options) { p.opt = opt }

func (p *Printer) loc() *time.Location {
	if p.opt.Location != nil {
		return p.opt.Location
	}
	return time.Local
}

// StackIndentNone is Options.StackIndent for stackindent=0.
const StackIndentNone = -1

func (p *Printer) stackIndent() int {
	switch {
	case p.opt.StackIndent == 0:
		return DefaultStackIndent
	case p.opt.StackIndent < 0:
		return 0
	}
	return p.opt.StackIndent
}

func (p *Printer) write(b *strings.Builder) error {
	if b.Len() == 0 {
		return nil
	}
	_, err := io.WriteString(p.w, b.String())
	return err
}

// A Firing identifies the probe whose clause produced a record.
type Firing struct {
	CPU      int
	ID       uint32 // the probe's id
	EPID     uint32 // the enabled probe (clause) id; -F uses it to tell clauses apart
	Provider string
	Module   string
	Func     string
	Name     string
}

// Flow kinds of a firing under -F.
const (
	flowNone = iota
	flowEntry
	flowReturn
)

// BeginFiring starts the output of one clause's records: under -F the
// flow-indented function column, else (without -q) the CPU, probe id and
// FUNCTION:NAME columns, preceded the first time by their heading. This is
// dtrace's chew() with libdtrace's dt_flowindent().
func (p *Printer) BeginFiring(f Firing) error {
	var b strings.Builder
	if p.opt.FlowIndent {
		p.flowFiring(&b, f)
		return p.write(&b)
	}
	if !p.headed {
		p.headed = true
		if !p.opt.Quiet {
			if p.opt.Testing {
				b.WriteString(cprintf("%32s\n", "FUNCTION:NAME"))
			} else {
				b.WriteString(cprintf("%3s %6s %32s\n", "CPU", "ID", "FUNCTION:NAME"))
			}
		}
	}
	if !p.opt.Quiet {
		name := f.Func + ":" + f.Name
		if p.opt.Testing {
			b.WriteString(cprintf("%32s ", name))
		} else {
			b.WriteString(cprintf("%3d %6d %32s ", int64(f.CPU), uint64(f.ID), name))
		}
	}
	return p.write(&b)
}

func (p *Printer) flowFiring(b *strings.Builder, f Firing) {
	if !p.headed {
		p.headed = true
		if p.opt.Testing {
			b.WriteString(cprintf("%-41s\n", "FUNCTION"))
		} else {
			b.WriteString(cprintf("%3s %-41s\n", "CPU", "FUNCTION"))
		}
	}
	flow := flowNone
	syscall := f.Provider == "syscall"
	prefix := "| "
	switch {
	case isFlowName(f.Name, "entry"):
		flow = flowEntry
		prefix = pick(syscall, " => ", " -> ")
	case isFlowName(f.Name, "return"):
		flow = flowReturn
		prefix = pick(syscall, " <= ", " <- ")
	}
	// Another clause of the probe that just fired is no new entry.
	if flow == flowEntry && p.haveLast && f.EPID != p.lastEPID && f.ID == p.lastProbe {
		flow = flowNone
		prefix = "| "
	}
	if flow == flowReturn && p.indent > 0 {
		p.indent -= 2
	}
	var name string
	if flow == flowNone {
		name = strings.Repeat(" ", p.indent) + prefix + f.Func + ":" + f.Name
	} else {
		name = strings.Repeat(" ", p.indent) + prefix + f.Func
	}
	if p.opt.Testing {
		b.WriteString(cprintf("%-41s ", name))
	} else {
		b.WriteString(cprintf("%3d %-41s ", int64(f.CPU), name))
	}
	if flow == flowEntry {
		p.indent += 2
	}
	p.haveLast, p.lastEPID, p.lastProbe = true, f.EPID, f.ID
}

// isFlowName reports whether a probe name is kind ("entry", "return") or
// ends with "-" kind.
func isFlowName(name, kind string) bool {
	return name == kind || strings.HasSuffix(name, "-"+kind)
}

// EndFiring ends a clause's output: a newline unless quiet (dtrace's
// chewrec() on the last record).
func (p *Printer) EndFiring() error {
	if p.opt.Quiet {
		return nil
	}
	_, err := io.WriteString(p.w, "\n")
	return err
}

// Trace prints one trace() record (and stack(), ustack(), sym()... traced
// on their own).
func (p *Printer) Trace(v sink.Value) error {
	var b strings.Builder
	p.writeTrace(&b, v)
	return p.write(&b)
}

// TraceMem prints tracemem() data: a hex dump of b.
func (p *Printer) TraceMem(data []byte) error {
	var b strings.Builder
	writeRawBytes(&b, data)
	return p.write(&b)
}

// Printf prints a printf() (or the text of system(), freopen()...):
// args are the records after the format, '*' widths and precisions
// included, in order. Each of f's conversions should have its OutFmt
// sized for its argument, as the compiler's checking of the action leaves
// the formats that records carry.
func (p *Printer) Printf(f *printf.Format, args ...sink.Value) error {
	if ff := p.fastFormat(f); ff != nil && ff.fits(args) {
		p.buf = ff.appendTo(p.buf[:0], args)
		_, err := p.w.Write(p.buf)
		return err
	}
	s, err := p.Sprintf(f, args...)
	if s != "" {
		if _, werr := io.WriteString(p.w, s); werr != nil && err == nil {
			err = werr
		}
	}
	return err
}

// Sprintf returns what Printf prints. On a mismatch it returns the text
// up to the failing conversion and ErrMismatch.
func (p *Printer) Sprintf(f *printf.Format, args ...sink.Value) (string, error) {
	var b strings.Builder
	err := p.render(&b, f, args, nil)
	return b.String(), err
}

// Sprintf renders a printf() format with the zero Options (local time).
func Sprintf(f *printf.Format, args ...sink.Value) (string, error) {
	return NewPrinter(io.Discard, Options{}).Sprintf(f, args...)
}
