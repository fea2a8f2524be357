package session

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/dscript/options"
	"github.com/dtrace-go/dtrace/probe"
)

// errActive is libdtrace's EDT_ACTIVE, which dtrace_setopt returns for a
// run-time option that cannot change once tracing has started.
var errActive = errors.New("Operation illegal when tracing is active")

// setopt checks the setopt() field i of record r, whose name and optional
// value are the string fields after it, as libdtrace does when it consumes
// the record (dt_setopt), and reports whether the sink is to apply it:
//
//   - an option of the output (quiet, flowindent, rawbytes, stackindent,
//     the aggregation sorting options) is applied by the sink from this
//     record on: quiet set here already drops the newline that ends this
//     record's probe line;
//   - switchrate, aggrate, printsize and quietresize are accepted and have
//     no effect (records are read as they come, aggregations when printed);
//   - a compile-time option is accepted when its value is valid, without
//     effect;
//   - another run-time option fails with "Operation illegal when tracing
//     is active", an unknown one with "Invalid option name", a bad value
//     with the option's error.
//
// Without a value the option is given "1" (setoptValue). A failure is
// DTrace's warning, "error on enabled probe ID E (ID P: prov:mod:func:name):
// couldn't set option "name" to "value": error" followed by an empty line
// (libdtrace ends both the message and the fault string with a newline);
// tracing goes on. E is the clause's number from 1, the enabled probe ID
// of a clause that matches one probe. An option DTrace changes at run time
// whose effect dtrace-go lacks (codegen.SetoptSupported) is an error that
// stops tracing.
func (d *decoder) setopt(rec []byte, r *codegen.Record, i int) (bool, error) {
	fd := r.Fields[i]
	if fd.NArgs < 1 || len(r.Fields) < i+1+fd.NArgs {
		return false, fmt.Errorf("consume setopt record %d: %d values", r.ID, fd.NArgs)
	}
	name := cString(rec, r.Fields[i+1])
	value, given := "", fd.NArgs > 1
	if given {
		value = cString(rec, r.Fields[i+2])
	}
	value, given = setoptValue(value, given)
	err := checkSetopt(name, value, given)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, codegen.ErrNotSupported):
		return false, err
	}
	p := d.rec.Probe
	return false, d.warn(fmt.Sprintf("error on enabled probe ID %d (ID %d: %s): couldn't set option \"%s\" to \"%s\": %v\n",
		r.Clause+1, p.ID, probe.Name(p.Provider, p.Module, p.Function, p.Name), name, value, err))
}

// cString is the string field f of rec, up to its NUL.
func cString(rec []byte, f *codegen.Field) string {
	b := rec[f.Offset : f.Offset+f.Size]
	if i := bytes.IndexByte(b, 0); i >= 0 {
		b = b[:i]
	}
	return string(b)
}

// setoptValue is the value the consumer gives dtrace_setopt for setopt()'s
// value: setopt(name) records no string, for which DTrace's consumer
// passes "1" (dt_consume's DT_ACT_SETOPT, a toggle): a boolean option is
// set, an option that takes no value (the compiler's flags: zdefs, cpp...)
// is refused as given one, and the warning names "1".
func setoptValue(value string, given bool) (string, bool) {
	if !given {
		return "1", true
	}
	return value, given
}

// checkSetopt returns the error dtrace_setopt fails with for setting the
// option name while tracing, or nil: an unknown name is "Invalid option
// name", a run-time option that only dynamic ones may change "Operation
// illegal when tracing is active" (before its value is looked at), a
// compile-time or dynamic option its dt_opt_* function's error for the
// value.
func checkSetopt(name, value string, given bool) error {
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
	if spec.Class != options.CompileTime && !codegen.SetoptSupported(name) {
		return fmt.Errorf("apply setopt(\"%s\"): %w", name, codegen.ErrNotSupported)
	}
	return nil
}
