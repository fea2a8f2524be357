package dscript

import "errors"

// Compile parses and checks src. The error, when not nil, is a *diag.Error
// holding DTrace's message for the first problem found.
func (c *Compiler) Compile(src Source) (*Program, error) {
	return nil, errors.New("front end not wired yet") // replaced when parse and check land
}
