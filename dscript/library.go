package dscript

import (
	"fmt"
	"strings"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/check"
	"github.com/dtrace-go/dtrace/dscript/dlib"
	"github.com/dtrace-go/dtrace/dscript/parse"
)

// loadLibrary makes the D library, the built-in files and those of
// Config.LibDirs, the checker's: nothing is read until a program refers
// to a name nothing else defines (indexLibrary), a file is parsed when a
// program uses a name it defines, and each declaration is checked when
// first used. A file that does not parse, or whose dependencies are
// missing, is left out with a note (LibraryNotes).
func (c *Compiler) loadLibrary() {
	c.chk.SetLibraryIndex(c.indexLibrary)
}

// indexLibrary reads the library's files and adds them to the checker,
// to be parsed when a program uses a name they define.
func (c *Compiler) indexLibrary() {
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
	// A file depending on a library that is not there is left out
	// (and so are the files depending on it).
	for changed := true; changed; {
		changed = false
		have := map[string]bool{}
		for _, f := range files {
			have[f.Name] = true
		}
		kept := files[:0]
		for _, f := range files {
			missing := ""
			for _, d := range f.Depends() {
				if !have[d] {
					missing = d
				}
			}
			if missing != "" {
				c.libNotes = append(c.libNotes, fmt.Sprintf("%s left out: it depends on library %s, which is not loaded", f.Name, missing))
				changed = true
				continue
			}
			kept = append(kept, f)
		}
		files = kept
	}
	// The library's typedefs are types to every file's parser; a
	// library's text uses no kernel typedef by name (asking BTF would
	// cost every start).
	keys := make([][]string, len(files))
	libTypes := map[string]bool{}
	for i, f := range files {
		keys[i] = f.Keys()
		for _, k := range keys[i] {
			if name, ok := strings.CutPrefix(k, "t:"); ok {
				libTypes[name] = true
			}
		}
	}
	isType := func(name string) bool { return libTypes[name] || check.IsPredefinedType(name) }
	for i, f := range files {
		name := f.Path
		if name == "" {
			name = f.Name
		}
		c.chk.AddLibrarySource(name, keys[i], func() (*ast.File, error) {
			return parse.Parse(name, f.Text, parse.Config{IsType: isType, Spec: parse.SpecName})
		})
	}
}

// LibraryNotes checks every library declaration not checked yet and
// returns the notes on what was left out of the library: files that did
// not parse or whose dependencies are missing, and declarations that do
// not fit the running kernel ("procfs.d: line 80: ..."). dtrace -v prints
// them.
func (c *Compiler) LibraryNotes() []string {
	more := c.checker().LoadLibrary()
	return append(append([]string(nil), c.libNotes...), more...)
}
