package dscript

import (
	"fmt"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/check"
	"github.com/dtrace-go/dtrace/dscript/dlib"
	"github.com/dtrace-go/dtrace/dscript/parse"
)

// loadLibrary parses the D library, the built-in files and those of
// Config.LibDirs, and hands its declarations to the checker, which checks
// each the first time a program uses what it defines. A file that does
// not parse, or whose dependencies are missing, is left out with a note
// (LibraryNotes).
func (c *Compiler) loadLibrary() {
	var files []dlib.File
	seen := map[string]bool{}
	for _, d := range c.cfg.LibDirs {
		fs, err := dlib.ReadDir(d)
		if err != nil {
			c.libNotes = append(c.libNotes, fmt.Sprintf("failed to load libraries from %s: %v", d, err))
			continue
		}
		for _, f := range fs {
			if !seen[f.Name] {
				seen[f.Name] = true
				files = append(files, f)
			}
		}
	}
	for _, f := range dlib.Builtin() {
		if !seen[f.Name] {
			seen[f.Name] = true
			files = append(files, f)
		}
	}
	files = dlib.Order(files)
	// The library's own typedefs are types to the files parsed after
	// the one declaring them; a library's text uses no kernel typedef
	// by name (asking BTF would cost every start).
	libTypes := map[string]bool{}
	isType := func(name string) bool { return libTypes[name] || check.IsPredefinedType(name) }
	for _, f := range files {
		name := f.Path
		if name == "" {
			name = f.Name
		}
		file, err := parse.Parse(name, f.Text, parse.Config{IsType: isType, Spec: parse.SpecName})
		if err != nil {
			c.libNotes = append(c.libNotes, fmt.Sprintf("%s left out: %v", name, err))
			continue
		}
		for _, it := range file.Items {
			if d, ok := it.(*ast.Decl); ok && d.Class == ast.Typedef {
				for _, dc := range d.Declarators {
					libTypes[dc.Name] = true
				}
			}
		}
		if note := c.chk.AddLibrary(file); note != "" {
			c.libNotes = append(c.libNotes, note)
		}
	}
}

// LibraryNotes checks every library declaration not checked yet and
// returns the notes on what was left out of the library: files that did
// not parse or whose dependencies are missing, and declarations that do
// not fit the running kernel ("procfs.d: line 80: ..."). dtrace -v prints
// them.
func (c *Compiler) LibraryNotes() []string {
	notes := append([]string(nil), c.libNotes...)
	return append(notes, c.checker().LoadLibrary()...)
}
