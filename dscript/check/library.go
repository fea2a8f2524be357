package check

import (
	"fmt"
	"sort"
	"strings"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// The D library: declarations (types, inlines, translators) loaded before
// every program, as DTrace loads /usr/lib/dtrace.
//
// Unlike libdtrace, which compiles every library file when a handle opens,
// the checker checks a library declaration the first time a program
// refers to a name it defines: a typedef or struct, union or enum tag, an
// inline or enumerator, or a translator to a type. A program that uses
// none of the library costs nothing more than its parse. A declaration
// that does not check (a member the running kernel's structures lack) is
// left out, with a note (LibraryNotes), and the names it defines stay
// undefined: it fails no program that does not use them.

// libItem is one declaration of a library file.
type libItem struct {
	file  string
	item  ast.Item
	lines map[ast.Node]ast.Pos
	done  bool
}

// library is the checker's library state.
type library struct {
	// pending maps a name key ("t:NAME" a typedef, "s:struct NAME" a
	// tag, "i:NAME" an identifier, "x:TYPE" translators to TYPE) to the
	// declarations that define it.
	pending map[string][]*libItem
	// info holds what checking the declarations learned (the types of
	// their expressions), added to every program's Info.
	info  *Info
	notes []string
	// loaded counts the declarations checked.
	loaded int
	// files maps a name key to the library files, not parsed yet, that
	// may define it (AddLibrarySource).
	files map[string][]*libFile
	// index, when not nil, adds the library's files: called the first
	// time a name might be the library's (SetLibraryIndex).
	index func()
}

// libFile is a library file parsed when a program first needs a name it
// may define.
type libFile struct {
	load func() (*ast.File, error)
	name string
	done bool
}

func (c *Checker) initLib() {
	if c.lib == nil {
		c.lib = &library{pending: map[string][]*libItem{}, info: newInfo(), files: map[string][]*libFile{}}
	}
}

// AddLibrarySource adds a library file that is parsed (by load) only
// when a program refers to one of the names keys says it defines, in the
// form of libKeys' keys. Parsing the whole library would cost every
// program more than its own compilation.
func (c *Checker) AddLibrarySource(name string, keys []string, load func() (*ast.File, error)) {
	c.initLib()
	lf := &libFile{load: load, name: name}
	for _, k := range keys {
		c.lib.files[k] = append(c.lib.files[k], lf)
	}
}

// SetLibraryIndex makes index the way the library's files are found:
// the first time a program refers to a name nothing else defines, the
// checker calls index, which adds the files with AddLibrarySource. A
// program that refers to no such name costs nothing of the library.
func (c *Checker) SetLibraryIndex(index func()) {
	c.initLib()
	c.lib.index = index
}

// indexLib runs the library's index, once.
func (c *Checker) indexLib() {
	if f := c.lib.index; f != nil {
		c.lib.index = nil
		f()
	}
}

// parseLib parses the library files that may define key.
func (c *Checker) parseLib(key string) {
	for _, lf := range c.lib.files[key] {
		if lf.done {
			continue
		}
		lf.done = true
		f, err := lf.load()
		if err != nil {
			c.lib.notes = append(c.lib.notes, fmt.Sprintf("%s left out: %v", lf.name, err))
			continue
		}
		if note := c.AddLibrary(f); note != "" {
			c.lib.notes = append(c.lib.notes, note)
		}
	}
	delete(c.lib.files, key)
}

// AddLibrary adds the declarations of a parsed library file. Nothing is
// checked until a program refers to a name a declaration defines; its
// clauses, if any, are ignored. A file that depends on a provider or
// module the system lacks ("#pragma D depends_on provider ip") is left
// out: the note returned says so ("" when the file is added).
func (c *Checker) AddLibrary(file *ast.File) (note string) {
	c.initLib()
	for _, it := range file.Items {
		p, ok := it.(*ast.Pragma)
		if !ok || len(p.Words) < 4 || p.Words[0] != "D" || p.Words[1] != "depends_on" {
			continue
		}
		switch p.Words[2] {
		case "provider":
			if !c.providerKnown(p.Words[3]) {
				return fmt.Sprintf("%s left out: it requires provider %s", file.Name, p.Words[3])
			}
		case "module":
			if !c.moduleKnown(p.Words[3]) {
				return fmt.Sprintf("%s left out: it requires module %s", file.Name, p.Words[3])
			}
		}
	}
	for _, it := range file.Items {
		li := &libItem{file: file.Name, item: it, lines: file.Lines}
		for _, k := range libKeys(it) {
			c.lib.pending[k] = append(c.lib.pending[k], li)
		}
	}
	return ""
}

// IsPredefinedType reports whether name is one of D's predefined type
// names (int32_t, pid_t, string...).
func IsPredefinedType(name string) bool {
	_, ok := predefTypedefs[name]
	return ok || basicTypes[name] != nil
}

// LibraryNotes returns the notes on the library declarations left out so
// far, one line each: "FILE: line N: DIAGNOSTIC".
func (c *Checker) LibraryNotes() []string {
	if c.lib == nil {
		return nil
	}
	return c.lib.notes
}

// LoadLibrary checks every library declaration not checked yet, as when
// all are used; it returns the notes on those left out.
func (c *Checker) LoadLibrary() []string {
	if c.lib == nil {
		return nil
	}
	c.indexLib()
	for k := range c.lib.files {
		c.parseLib(k)
	}
	keys := make([]string, 0, len(c.lib.pending))
	for k := range c.lib.pending {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		c.loadLib(k)
	}
	return c.lib.notes
}

func newInfo() *Info {
	return &Info{Types: map[ast.Expr]*types.Type{}, Consts: map[ast.Expr]int64{}, Uses: map[ast.Node]*Object{}, Strings: map[ast.Expr]string{}}
}

// libKeys returns the names declaration it defines (DeclKeys).
func libKeys(it ast.Item) []string { return DeclKeys(it) }

// DeclKeys returns the names a library declaration defines, as keys:
// "t:NAME" a typedef, "s:struct NAME" (union, enum) a tag with a body,
// "i:NAME" an inline, variable or enumerator, "x:TYPE" a translator to
// TYPE. A library file's keys, given to AddLibrarySource, must hold its
// declarations' DeclKeys.
func DeclKeys(it ast.Item) []string {
	var keys []string
	spec := func(s *ast.TypeSpec) {
		if s == nil {
			return
		}
		if r := s.Record; r != nil && r.Name != "" && r.HasBody {
			kw, _ := recordKind(r.Union)
			keys = append(keys, "s:"+kw+" "+r.Name)
		}
		if e := s.Enum; e != nil && e.HasBody {
			if e.Name != "" {
				keys = append(keys, "s:enum "+e.Name)
			}
			for _, m := range e.Members {
				keys = append(keys, "i:"+m.Name)
			}
		}
	}
	switch it := it.(type) {
	case *ast.Decl:
		spec(it.Spec)
		for _, d := range it.Declarators {
			if d.Name == "" {
				continue
			}
			if it.Class == ast.Typedef {
				keys = append(keys, "t:"+d.Name)
			} else {
				keys = append(keys, "i:"+d.Name)
			}
		}
	case *ast.InlineDecl:
		if it.Decl != nil {
			keys = append(keys, "i:"+it.Decl.Name)
		}
	case *ast.TranslatorDecl:
		keys = append(keys, "x:"+typeNameKey(it.Output))
	}
	return keys
}

// typeNameKey is how a translator's output type is looked up: the name of
// its typedef or "struct TAG".
func typeNameKey(t *ast.TypeName) string {
	if t == nil || t.Spec == nil {
		return ""
	}
	s := t.Spec
	switch {
	case s.Named != "":
		return s.Named
	case s.Record != nil:
		kw, _ := recordKind(s.Record.Union)
		return kw + " " + s.Record.Name
	}
	return strings.Join(s.Words, " ")
}

// loadLib checks the library declarations defining key that are not
// checked yet, and reports whether one of them was checked successfully.
func (c *Checker) loadLib(key string) bool {
	if c.lib == nil {
		return false
	}
	c.indexLib()
	if _, ok := c.lib.files[key]; ok {
		c.parseLib(key)
	}
	items, ok := c.lib.pending[key]
	if !ok {
		return false
	}
	delete(c.lib.pending, key)
	loaded := false
	for _, li := range items {
		if li.done {
			continue
		}
		li.done = true
		if c.checkLibItem(li) {
			loaded = true
		}
	}
	return loaded
}

// checkLibItem checks one library declaration on its own, its expressions'
// findings going to the library's Info. A declaration that fails is noted
// and left out.
func (c *Checker) checkLibItem(li *libItem) (ok bool) {
	savedClause, savedRegion, savedLines, savedInfo := c.clause, c.region, c.lines, c.info
	c.clause, c.region, c.lines, c.info = nil, "", li.lines, c.lib.info
	defer func() {
		c.clause, c.region, c.lines, c.info = savedClause, savedRegion, savedLines, savedInfo
		if r := recover(); r != nil {
			b, isBail := r.(bailout)
			if !isBail {
				panic(r)
			}
			c.lib.notes = append(c.lib.notes, fmt.Sprintf("%s: %s", li.file, b.err.Text(false)))
			ok = false
		}
	}()
	switch it := li.item.(type) {
	case *ast.Decl:
		c.decl(it)
	case *ast.InlineDecl:
		c.inlineDecl(it)
	case *ast.TranslatorDecl:
		c.translatorDecl(it)
	}
	c.lib.loaded++
	return true
}

// mergeLibInfo adds what the library's declarations learned to the
// program's Info: the code generator compiles their expressions (inline
// values, translator members) into the program's clauses.
func (c *Checker) mergeLibInfo() {
	if c.lib == nil || c.lib.loaded == 0 {
		return
	}
	li := c.lib.info
	for k, v := range li.Types {
		c.info.Types[k] = v
	}
	for k, v := range li.Consts {
		c.info.Consts[k] = v
	}
	for k, v := range li.Uses {
		c.info.Uses[k] = v
	}
	for k, v := range li.Strings {
		c.info.Strings[k] = v
	}
	if len(li.Xlators) > 0 && c.info.Xlators == nil {
		c.info.Xlators = map[ast.Expr]*Translator{}
	}
	for k, v := range li.Xlators {
		c.info.Xlators[k] = v
	}
}
