package sink

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
)

// Output is a sink's buffered output, which freopen() redirects: to a file
// appended to, or back to the writer it was made with. It writes to its
// writer or its file only when its buffer fills or on Flush.
type Output struct {
	*bufio.Writer
	base io.Writer // the output when freopen() has not redirected it
	file *os.File  // the file freopen() redirected the output to, or nil
}

// NewOutput returns an Output writing to w through a buffer of size
// bytes.
func NewOutput(w io.Writer, size int) *Output {
	return &Output{Writer: bufio.NewWriterSize(w, size), base: w}
}

// Base returns the writer the output was made with.
func (o *Output) Base() io.Writer { return o.base }

// File returns the file freopen() redirected the output to, or nil.
func (o *Output) File() *os.File { return o.file }

// Redirect sends what is written from now on to the file name, opened for
// appending and created if need be, once what was written before is
// flushed where it was going. A file that cannot be opened leaves the
// output where it was: the error is then a *RedirectError.
func (o *Output) Redirect(name string) error {
	if err := o.Flush(); err != nil {
		return err
	}
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o666)
	if err != nil {
		return &RedirectError{Name: name, Err: err}
	}
	old := o.file
	o.file = f
	o.Reset(f)
	if old != nil {
		if err := old.Close(); err != nil {
			return fmt.Errorf("close freopen() file: %w", err)
		}
	}
	return nil
}

// Restore sends what is written from now on to the writer the output was
// made with, closing the file Redirect opened (freopen("")).
func (o *Output) Restore() error {
	if err := o.Flush(); err != nil {
		return err
	}
	if o.file == nil {
		return nil
	}
	o.Reset(o.base)
	if err := o.Close(); err != nil {
		return fmt.Errorf("close freopen() file: %w", err)
	}
	return nil
}

// Close closes the file freopen() redirected the output to, if any,
// without flushing.
func (o *Output) Close() error {
	if o.file == nil {
		return nil
	}
	err := o.file.Close()
	o.file = nil
	return err
}

// System runs the command of a system() action with /bin/sh -c, as
// system(3C) does, its standard input dtrace's: DTrace does not look at
// its exit status, and neither does System; an error is a command that
// could not be run at all.
func System(cmdline string, stdout, stderr io.Writer) error {
	cmd := exec.Command("/bin/sh", "-c", cmdline)
	cmd.Stdin = os.Stdin
	cmd.Stdout = stdout
	cmd.Stderr = stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		return fmt.Errorf("run system(): %w", err)
	}
	return nil
}

// RedirectError is a file freopen() named that could not be opened.
type RedirectError struct {
	Name string
	Err  error
}

func (e *RedirectError) Error() string { return "freopen " + e.Name + ": " + e.Err.Error() }

func (e *RedirectError) Unwrap() error { return e.Err }
