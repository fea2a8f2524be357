package diag

import (
	"fmt"

	"github.com/dtrace-go/dtrace/dscript/ast"
)

// Error is one compile-time diagnostic: where, which libdtrace tag, and the
// message text exactly as DTrace words it (no "line N:" prefix).
type Error struct {
	Pos ast.Pos // Line 0 when DTrace reports no line
	Tag Tag
	Msg string
	// Region names what was being checked when the error was found:
	// "action list" or "predicate" while a clause is type-checked, empty
	// otherwise. DTrace shows it in place of the line for programs given
	// on the command line, which have no lines.
	Region string
}

// Errorf returns an error at pos with tag and a formatted message.
func Errorf(pos ast.Pos, tag Tag, format string, args ...any) *Error {
	return &Error{Pos: pos, Tag: tag, Msg: fmt.Sprintf(format, args...)}
}

// Error returns the message as DTrace prints it after the script name:
// "line 3: syntax error near \"}\"".
func (e *Error) Error() string { return e.Text(false) }

// Text renders the message, prefixed by "[D_TAG] " when errtags is set, as
// DTrace does under -x errtags.
func (e *Error) Text(errtags bool) string {
	s := e.Msg
	switch {
	case e.Pos.Line > 0 && e.Pos.File != "":
		s = fmt.Sprintf("\"%s\", line %d: %s", e.Pos.File, e.Pos.Line, s)
	case e.Pos.Line > 0:
		s = fmt.Sprintf("line %d: %s", e.Pos.Line, s)
	case e.Region != "":
		s = fmt.Sprintf("in %s: %s", e.Region, s)
	}
	if errtags && e.Tag != "" {
		s = "[" + string(e.Tag) + "] " + s
	}
	return s
}
