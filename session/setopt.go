package session

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/dscript/options"
	"github.com/dtrace-go/dtrace/dscript/output"
)

// errActive is libdtrace's EDT_ACTIVE, which dtrace_setopt returns for a
// run-time option that cannot change once tracing has started.
var errActive = errors.New("Operation illegal when tracing is active")

// SetStderr sets where the Printer writes DTrace's run-time warnings (a
// setopt() that fails); NewPrinter's default is os.Stderr.
func (c *Printer) SetStderr(w io.Writer) { c.stderr = w }

// setoptField applies the setopt() field fs[0], whose name and optional
// value are the string fields after it.
func (c *Printer) setoptField(rec []byte, r *codegen.Record, f output.Firing, fs []*codegen.Field) error {
	if fs[0].NArgs < 1 || len(fs) < 1+fs[0].NArgs {
		return fmt.Errorf("consume setopt record %d: %d values", r.ID, fs[0].NArgs)
	}
	name := cString(rec, fs[1])
	value, given := "", fs[0].NArgs > 1
	if given {
		value = cString(rec, fs[2])
	}
	return c.setopt(f, r.Clause, name, value, given)
}

// cString is the string field f of rec, up to its NUL.
func cString(rec []byte, f *codegen.Field) string {
	b := rec[f.Offset : f.Offset+f.Size]
	if i := bytes.IndexByte(b, 0); i >= 0 {
		b = b[:i]
	}
	return string(b)
}

// setopt applies setopt(name[, value]) as libdtrace does when it consumes
// the record (dt_setopt, then dtrace(1)'s setopt handler):
//
//   - quiet, flowindent, rawbytes, stackindent and the aggregation sorting
//     options (aggsortkey, aggsortrev, aggsortpos, aggsortkeypos) change
//     the output from this record on: quiet set here already drops the
//     newline that ends this record's probe line;
//   - switchrate, aggrate, printsize and quietresize are accepted and have
//     no effect (records are read as they come, aggregations when printed);
//   - a compile-time option is accepted when its value is valid, without
//     effect;
//   - another run-time option fails with "Operation illegal when tracing
//     is active", an unknown one with "Invalid option name", a bad value
//     with the option's error.
//
// Without a value a boolean option is set. A failure is DTrace's warning
// on stderr, "dtrace: error on enabled probe ID E (ID P: prov:mod:func:name):
// couldn't set option "name" to "value": error" followed by an empty line
// (libdtrace ends both the message and the fault string with a newline);
// tracing goes on. E is the clause's number from 1, the enabled probe ID
// of a clause that matches one probe. An option DTrace changes at run time
// whose effect dtrace-go lacks (codegen.SetoptSupported) is an error that
// stops tracing.
func (c *Printer) setopt(f output.Firing, clause int, name, value string, given bool) error {
	err := c.applyOption(name, value, given)
	if err == nil || errors.Is(err, codegen.ErrNotSupported) {
		return err
	}
	if ferr := c.w.Flush(); ferr != nil {
		return ferr
	}
	_, werr := fmt.Fprintf(c.stderr, "dtrace: error on enabled probe ID %d (ID %d: %s:%s:%s:%s): couldn't set option \"%s\" to \"%s\": %v\n\n",
		clause+1, f.ID, f.Provider, f.Module, f.Func, f.Name, name, value, err)
	return werr
}

// applyOption sets one option as dtrace_setopt does while tracing, or
// returns the error it fails with.
func (c *Printer) applyOption(name, value string, given bool) error {
	spec, ok := options.Lookup(name)
	if !ok {
		return options.ErrBadName
	}
	if spec.Class == options.Runtime {
		return errActive
	}
	var set options.Set
	if err := set.Set(name, value, given); err != nil {
		var oe *options.Error
		if errors.As(err, &oe) {
			return oe.Err
		}
		return err
	}
	if spec.Class == options.CompileTime {
		return nil
	}
	if !codegen.SetoptSupported(name) {
		return fmt.Errorf("apply setopt(\"%s\"): %w", name, codegen.ErrNotSupported)
	}
	opt := c.p.Options()
	switch name {
	case "quiet":
		opt.Quiet = set.Bool(name)
	case "flowindent":
		opt.FlowIndent = set.Bool(name)
	case "rawbytes":
		opt.RawBytes = set.Bool(name)
	case "aggsortkey":
		opt.AggSortKey = set.Bool(name)
	case "aggsortrev":
		opt.AggSortRev = set.Bool(name)
	case "aggsortkeypos":
		v, _ := set.Int(name)
		opt.AggSortKeyPos = int(v)
	case "aggsortpos":
		v, _ := set.Int(name)
		opt.AggSortPos = int(v)
	case "stackindent":
		v, ok := set.Int(name)
		switch {
		case !ok:
			opt.StackIndent = 0
		case v == 0:
			opt.StackIndent = output.StackIndentNone
		default:
			opt.StackIndent = int(v)
		}
	}
	c.p.SetOptions(opt)
	return nil
}
