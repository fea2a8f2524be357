package check

import (
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/diag"
)

// This file applies #pragma lines as libdtrace's dt_pragma.c does. The
// parser handles the other control lines (#line, #error, #ident, unknown
// directives) and gives the checker the words after "#pragma".

// Kinds of pragma (DT_PRAGMA_DIR, DT_PRAGMA_SUB, DT_PRAGMA_DCP): where a
// directive may be used.
const (
	pragmaDir = iota // after a naked #
	pragmaSub        // after #pragma
	pragmaDCP        // only after #pragma D
)

var pragmaKinds = map[string]int{
	"attributes": pragmaDCP,
	"binding":    pragmaDCP,
	"depends_on": pragmaDCP,
	"error":      pragmaDir,
	"ident":      pragmaDir,
	"line":       pragmaDir,
	"option":     pragmaDCP,
}

// A pragma word is a name, a string (kept with its quotes) or an integer.
func isStringWord(w string) bool { return strings.HasPrefix(w, `"`) }

func isIntWord(w string) bool { return w != "" && w[0] >= '0' && w[0] <= '9' }

func isNameWord(w string) bool { return !isStringWord(w) && !isIntWord(w) }

// pragma applies a #pragma line.
func (c *Checker) pragma(p *ast.Pragma) {
	w := p.Words
	kind := pragmaSub
	if len(w) > 0 && w[0] == "D" {
		kind, w = pragmaDCP, w[1:]
	}
	if len(w) == 0 {
		return
	}
	if !isNameWord(w[0]) {
		c.errorf(p, diag.D_PRAGCTL_INVAL, "invalid control directive")
	}
	if k, ok := pragmaKinds[w[0]]; !ok || k > kind {
		if kind == pragmaDCP {
			c.errorf(p, diag.D_PRAGMA_INVAL, "invalid D pragma: %s", w[0])
		}
		return // unknown pragmas are ignored (K&R A12.8)
	}
	name, args := w[0], w[1:]
	switch name {
	case "attributes":
		c.pragmaAttributes(p, name, args)
	case "binding":
		c.pragmaBinding(p, name, args)
	case "depends_on":
		c.pragmaDepends(p, name, args)
	case "error":
		var b strings.Builder
		for _, a := range args {
			switch {
			case isStringWord(a):
				b.WriteString(unquoteWord(a))
			case isNameWord(a):
				b.WriteString(a)
			default:
				continue
			}
			b.WriteByte(' ')
		}
		c.errorf(p, diag.D_PRAGERR, "#%s: %s", name, b.String())
	case "option":
		c.pragmaOption(p, name, args)
	}
	// ident is ignored; line is applied by the parser.
}

func (c *Checker) pragmaOption(p *ast.Pragma, prname string, args []string) {
	if len(args) == 0 || !isNameWord(args[0]) {
		c.errorf(p, diag.D_PRAGMA_MALFORM, "malformed #pragma %s <option>=<val>", prname)
	}
	if len(args) > 1 {
		c.errorf(p, diag.D_PRAGMA_MALFORM, "superfluous arguments specified for #pragma %s", prname)
	}
	name, value, given := strings.Cut(args[0], "=")
	if c.cfg.SetOption != nil {
		if err := c.cfg.SetOption(name, value, given); err != nil {
			if given {
				c.errorf(p, diag.D_PRAGMA_OPTSET, "failed to set option '%s' to '%s': %v", name, value, err)
			}
			c.errorf(p, diag.D_PRAGMA_OPTSET, "failed to set option '%s': %v", name, err)
		}
	}
	c.info.Options = append(c.info.Options, Option{Pos: p.At, Name: name, Value: value, Given: given})
	switch {
	case name == "defaultargs" && c.defargTok < 0:
		c.defargTok = p.Tok
	case name == "argref":
		c.argrefPragma = true
	}
}

// defaultargs reports whether a macro argument not given reads as 0 (or
// "") at the token tok: under -x defaultargs, or after a defaultargs
// pragma.
func (c *Checker) defaultargs(tok int) bool {
	return c.cfg.Defaultargs || c.defargTok >= 0 && c.defargTok <= tok
}

// Stability and class names of dtrace_str2attr.
var (
	stabilityNames = []string{"Internal", "Private", "Obsolete", "External", "Unstable", "Evolving", "Stable", "Standard"}
	classNames     = []string{"Unknown", "CPU", "Platform", "Group", "ISA", "Common"}
)

// validAttr reports whether s parses as dtrace_str2attr's
// "name/data/class" (each part optional from the right).
func validAttr(s string) bool {
	var parts []string
	for _, f := range strings.Split(s, "/") {
		if f != "" {
			parts = append(parts, f)
		}
	}
	if len(parts) > 3 {
		return false
	}
	for i, f := range parts {
		names := stabilityNames
		if i == 2 {
			names = classNames
		}
		ok := false
		for _, n := range names {
			ok = ok || strings.EqualFold(n, f)
		}
		if !ok {
			return false
		}
	}
	return true
}

// validVersion is dt_version_str2num: "major[.minor[.micro]]".
func validVersion(s string) bool {
	var n [3]int
	i := 0
	for _, ch := range []byte(s) {
		switch {
		case ch >= '0' && ch <= '9':
			n[i] = n[i]*10 + int(ch-'0')
			if n[i] > 0xfff {
				return false
			}
		case ch == '.' && i < 2:
			i++
		default:
			return false
		}
	}
	return n[0] <= 0xff && n[1] <= 0xfff && n[2] <= 0xfff
}

// pragmaTarget applies an attributes or binding pragma to the global
// identifier name, or defers it until name is defined.
func (c *Checker) pragmaTarget(p *ast.Pragma, prname, name string) {
	s := c.declState()
	if _, ok := c.globalIdent(name); ok {
		if !s.defined[name] {
			c.errorf(p, diag.D_PRAGMA_SCOPE, "#pragma %s cannot modify entity defined outside program scope", prname)
		}
		return
	}
	s.pending[name] = pendingPragma{name: prname, at: p}
}

func (c *Checker) pragmaAttributes(p *ast.Pragma, prname string, args []string) {
	if len(args) < 2 || !isNameWord(args[0]) || !isNameWord(args[1]) {
		c.errorf(p, diag.D_PRAGMA_MALFORM, "malformed #pragma %s <attributes> <ident>", prname)
	}
	if !validAttr(args[0]) {
		c.errorf(p, diag.D_PRAGMA_INVAL, "invalid attributes specified by #pragma %s", prname)
	}
	name := args[1]
	if name == "provider" && len(args) > 2 {
		name = args[2]
		part := ""
		if len(args) > 3 {
			part = args[3]
		}
		if c.providerKnown(name) {
			switch part {
			case "provider", "module", "function", "name", "args":
			default:
				c.errorf(p, diag.D_PRAGMA_INVAL, "invalid component \"%s\" in attribute #pragma for provider %s", name, part)
			}
			return
		}
		c.declState().pending[name] = pendingPragma{name: prname, at: p}
		return
	}
	c.pragmaTarget(p, prname, name)
}

func (c *Checker) pragmaBinding(p *ast.Pragma, prname string, args []string) {
	if len(args) < 2 || !isStringWord(args[0]) || !isNameWord(args[1]) {
		c.errorf(p, diag.D_PRAGMA_MALFORM, "malformed #pragma %s \"version\" <ident>", prname)
	}
	if !validVersion(unquoteWord(args[0])) {
		c.errorf(p, diag.D_PRAGMA_INVAL, "invalid version string specified by #pragma %s", prname)
	}
	c.pragmaTarget(p, prname, args[1])
}

func (c *Checker) pragmaDepends(p *ast.Pragma, prname string, args []string) {
	if len(args) < 2 || !isNameWord(args[0]) || !isNameWord(args[1]) {
		c.errorf(p, diag.D_PRAGMA_MALFORM, "malformed #pragma %s <class> <name>", prname)
	}
	var found bool
	switch args[0] {
	case "provider":
		found = c.providerKnown(args[1])
	case "module":
		found = c.moduleKnown(args[1])
	case "library":
		// Only DTrace's own .d libraries may depend on one another.
		c.errorf(p, diag.D_PRAGMA_DEPEND, "main program may not explicitly depend on a library")
	default:
		c.errorf(p, diag.D_PRAGMA_INVAL, "invalid class %s specified by #pragma %s", args[0], prname)
	}
	if !found {
		c.errorf(p, diag.D_PRAGMA_DEPEND, "program requires %s %s", args[0], args[1])
	}
}

// knownProviders are the providers dtrace-go has or will have.
var knownProviders = map[string]bool{
	"dtrace": true, "profile": true, "syscall": true, "perf": true, "sdt": true,
	"rawtp": true, "fbt": true, "pid": true, "usdt": true, "proc": true,
	"sched": true, "io": true, "ip": true, "tcp": true, "udp": true,
	"lockstat": true, "cpc": true, "rawfbt": true,
}

// providerKnown reports whether a provider of that name exists: one of
// dtrace-go's or one the scripts declared.
func (c *Checker) providerKnown(name string) bool {
	if knownProviders[name] {
		return true
	}
	_, ok := c.providers[name]
	return ok
}

// moduleKnown reports whether a kernel module of that name is loaded:
// vmlinux or one /proc/modules lists when the Checker first asks (as
// libdtrace reads the kernel's modules when its handle opens).
func (c *Checker) moduleKnown(name string) bool {
	if c.modules == nil {
		c.modules = map[string]bool{"vmlinux": true}
		if data, err := os.ReadFile("/proc/modules"); err == nil {
			for _, line := range strings.Split(string(data), "\n") {
				if f := strings.Fields(line); len(f) > 0 {
					c.modules[f[0]] = true
				}
			}
		}
	}
	return c.modules[name]
}

// pragmaUnused reports the first #pragma attributes or binding whose
// identifier the program never defined. Check calls it after the
// non-clause items (and D_EMPTY), before the clauses.
func (c *Checker) pragmaUnused() {
	s := c.declState()
	var list []pendingPragma
	for _, pp := range s.pending {
		list = append(list, pp)
	}
	if len(list) == 0 {
		return
	}
	sort.Slice(list, func(i, j int) bool {
		a, b := list[i].at.At, list[j].at.At
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	c.errorf(list[0].at, diag.D_PRAGMA_UNUSED, "unused #pragma %s", list[0].name)
}

// unquoteWord returns the text of a string word, its escapes processed as
// DTrace's stresc2chr does and cut at a NUL.
func unquoteWord(w string) string {
	if len(w) >= 2 && w[0] == '"' && w[len(w)-1] == '"' {
		w = w[1 : len(w)-1]
	}
	var b strings.Builder
	for i := 0; i < len(w); i++ {
		ch := w[i]
		if ch != '\\' || i+1 >= len(w) {
			b.WriteByte(ch)
			continue
		}
		i++
		switch e := w[i]; e {
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'v':
			b.WriteByte('\v')
		case '\\', '\'', '"', '?':
			b.WriteByte(e)
		case 'x':
			j := i + 1
			for j < len(w) && j < i+3 && strings.IndexByte("0123456789abcdefABCDEF", w[j]) >= 0 {
				j++
			}
			v, _ := strconv.ParseUint(w[i+1:j], 16, 8)
			b.WriteByte(byte(v))
			i = j - 1
		case '0', '1', '2', '3', '4', '5', '6', '7':
			j := i
			for j < len(w) && j < i+3 && w[j] >= '0' && w[j] <= '7' {
				j++
			}
			v, _ := strconv.ParseUint(w[i:j], 8, 16)
			b.WriteByte(byte(v))
			i = j - 1
		default:
			b.WriteByte('\\')
			b.WriteByte(e)
		}
	}
	s := b.String()
	if k := strings.IndexByte(s, 0); k >= 0 {
		s = s[:k]
	}
	return s
}
