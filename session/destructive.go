package session

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"

	"github.com/dtrace-go/dtrace/dscript/check"
	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/dscript/output"
	"github.com/dtrace-go/dtrace/dscript/printf"
	"github.com/dtrace-go/dtrace/dscript/types"
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

// allowNotice prints, with -w and unless quiet, "dtrace: allowing
// destructive actions", as dtrace does once tracing is enabled.
func (r *run) allowNotice() {
	if r.cfg.Destructive && !r.cfg.Quiet {
		fmt.Fprintln(r.cfg.Stderr, "dtrace: allowing destructive actions")
	}
}

// sysState is what a Printer keeps for system() and freopen().
type sysState struct {
	base    io.Writer // the output when freopen() has not redirected it
	file    *os.File  // the file freopen() redirected the output to, or nil
	stdout  io.Writer // system()'s standard output when not redirected; nil: base
	checked map[*printf.Format]bool
}

// SetSystemOutput sets where the commands of system() write their standard
// output while freopen() has not redirected it: dtrace's standard output,
// which is not the output of records under -o. By default they write to
// the Printer's output.
func (c *Printer) SetSystemOutput(w io.Writer) { c.sys.stdout = w }

// sysField consumes field i of record r, a system(), freopen() or
// tracemem() field, and returns how many fields after it it consumed too.
func (c *Printer) sysField(rec []byte, info *recInfo, r *codegen.Record, i int, f output.Firing) (int, error) {
	fd := r.Fields[i]
	switch fd.Kind {
	case codegen.FieldSystem:
		return fd.NArgs, c.system(rec, info, r, i)
	case codegen.FieldFreopen:
		return fd.NArgs, c.freopen(rec, info, r, i, f)
	case codegen.FieldTracemem:
		return fd.NArgs, c.tracemem(rec, r, i)
	}
	return 0, fmt.Errorf("consume record %d: field %d is not system(), freopen() or tracemem()", r.ID, i)
}

// sprintf renders the format of the printf-like field i of r with the
// values of the NArgs fields after it.
func (c *Printer) sprintf(rec []byte, info *recInfo, r *codegen.Record, i int, fn string) (string, error) {
	fd := r.Fields[i]
	end := min(i+1+fd.NArgs, len(r.Fields))
	if c.sys.checked == nil {
		c.sys.checked = map[*printf.Format]bool{}
	}
	if !c.sys.checked[fd.Format] {
		var ts []*types.Type
		for _, a := range r.Fields[i+1 : end] {
			ts = append(ts, a.Type)
		}
		fd.Format.Check(fn, ts)
		c.sys.checked[fd.Format] = true
	}
	var vals []output.Value
	for k := i + 1; k < end; k++ {
		vals = append(vals, c.value(rec, info, r.Fields[k], k))
	}
	return c.p.Sprintf(fd.Format, vals...)
}

// system runs the command of a system() record with /bin/sh -c, as
// system(3C) does, once the output so far is written: its output comes
// in order with dtrace's. Its exit status is not looked at, as DTrace does
// not look at it.
func (c *Printer) system(rec []byte, info *recInfo, r *codegen.Record, i int) error {
	cmdline, err := c.sprintf(rec, info, r, i, "system")
	if err != nil {
		return err
	}
	if err := c.w.Flush(); err != nil {
		return err
	}
	cmd := exec.Command("/bin/sh", "-c", cmdline)
	cmd.Stdin = os.Stdin
	cmd.Stdout = c.systemStdout()
	cmd.Stderr = c.stderr
	err = cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		return fmt.Errorf("run system(): %w", err)
	}
	return nil
}

// systemStdout is where a system() command writes: the file freopen()
// redirected the output to when the output is dtrace's standard output
// (as the dup2() of libdtrace's freopen redirects its commands too), else
// dtrace's standard output.
func (c *Printer) systemStdout() io.Writer {
	switch {
	case c.sys.stdout == nil && c.sys.file != nil:
		return c.sys.file
	case c.sys.stdout == nil:
		return c.sys.base
	}
	return c.sys.stdout
}

// freopen redirects the output from now on to the file a freopen()
// record names, opened for appending and created if need be; freopen("")
// (a field without a format) restores the output dtrace started with. A
// file that cannot be opened is reported as libdtrace reports it, "dtrace:
// error on enabled probe ID E (ID P: prov:mod:func:name): couldn't
// freopen() "NAME": error", and the output stays where it was.
func (c *Printer) freopen(rec []byte, info *recInfo, r *codegen.Record, i int, f output.Firing) error {
	fd := r.Fields[i]
	if err := c.w.Flush(); err != nil {
		return err
	}
	if fd.Format == nil {
		if c.sys.file != nil {
			c.w.Reset(c.sys.base)
			err := c.sys.file.Close()
			c.sys.file = nil
			if err != nil {
				return fmt.Errorf("close freopen() file: %w", err)
			}
		}
		return nil
	}
	name, err := c.sprintf(rec, info, r, i, "freopen")
	if err != nil {
		return err
	}
	nf, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o666)
	if err != nil {
		_, werr := fmt.Fprintf(c.stderr, "dtrace: error on enabled probe ID %d (ID %d: %s:%s:%s:%s): couldn't freopen() \"%s\": %s\n",
			r.Clause+1, f.ID, f.Provider, f.Module, f.Func, f.Name, name, cStrerror(err))
		return werr
	}
	if c.sys.file != nil {
		c.sys.file.Close()
	}
	c.sys.file = nf
	c.w.Reset(nf)
	return nil
}

// cStrerror renders an error as C's strerror(errno) does.
func cStrerror(err error) string {
	var errno syscall.Errno
	if !errors.As(err, &errno) {
		return err.Error()
	}
	msg := errno.Error()
	if msg == "" {
		return msg
	}
	return strings.ToUpper(msg[:1]) + msg[1:]
}

// tracemem prints a tracemem() record: its bytes as DTrace's hex dump,
// only the first count of them when a count field follows and is smaller
// than the size.
func (c *Printer) tracemem(rec []byte, r *codegen.Record, i int) error {
	fd := r.Fields[i]
	data := rec[fd.Offset : fd.Offset+fd.Size]
	if fd.NArgs > 0 && i+1 < len(r.Fields) {
		cf := r.Fields[i+1]
		if n := le.Uint64(rec[cf.Offset:]); n != 0 && n < uint64(len(data)) {
			data = data[:n]
		}
	}
	return c.p.TraceMem(data)
}
