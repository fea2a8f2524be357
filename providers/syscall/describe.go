package syscall

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/dtrace-go/dtrace/probe"
	"github.com/dtrace-go/dtrace/providers"
)

// attributes are illumos' systrace provider's.
var attributes = providers.Attributes{
	Provider: providers.Attr{Name: providers.Evolving, Data: providers.Evolving, Class: providers.ClassCommon},
	Module:   providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassUnknown},
	Function: providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassISA},
	Name:     providers.Attr{Name: providers.Evolving, Data: providers.Evolving, Class: providers.ClassCommon},
	Args:     providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassISA},
}

// Attributes returns the provider's stability attributes (illumos
// systrace's): evolving names, private functions and arguments of the
// ISA class.
func (*Provider) Attributes() providers.Attributes { return attributes }

// ArgTypes returns the C types of a system call probe's arguments as the
// kernel's tracefs describes them: for an entry probe, the fields of
// syscalls/sys_enter_NAME after __syscall_nr, in order ("int",
// "const char *"); for a return probe, the type of the ret field of
// syscalls/sys_exit_NAME, twice (args[0] and args[1] both hold the return
// value). A call without arguments has none (nil). It fails when the format file cannot be read or has no such
// fields.
func (p *Provider) ArgTypes(pr *providers.Probe) ([]string, error) {
	d, ok := pr.Data.(Probe)
	if !ok {
		return nil, fmt.Errorf("syscall provider: probe %s is not a syscall probe", probe.Name(pr.Provider, pr.Module, pr.Function, pr.Name))
	}
	cat, err := p.sys.Events()
	if err != nil {
		return nil, fmt.Errorf("describe syscall::%s:%s: %w", pr.Function, pr.Name, err)
	}
	event := "sys_enter_" + pr.Function
	if d.Return {
		event = "sys_exit_" + pr.Function
	}
	fields, err := formatFields(cat.Format("syscalls", event))
	if err != nil {
		return nil, fmt.Errorf("describe syscall::%s:%s: %w", pr.Function, pr.Name, err)
	}
	if d.Return {
		for _, f := range fields {
			if f.name == "ret" {
				return []string{f.typ, f.typ}, nil
			}
		}
		return nil, fmt.Errorf("describe syscall::%s:%s: %s has no ret field", pr.Function, pr.Name, cat.Format("syscalls", event))
	}
	var types []string
	for _, f := range fields {
		types = append(types, f.typ)
	}
	return types, nil
}

// field is a field of an event's format.
type field struct {
	name string
	typ  string // the declaration less the name: "const char *", "u8 [16]"
}

// formatFields returns the fields of the format file at path that follow
// __syscall_nr.
func formatFields(path string) ([]field, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	var fields []field
	sawNr := false
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		decl, ok := strings.CutPrefix(line, "field:")
		if !ok {
			continue
		}
		decl, _, _ = strings.Cut(decl, ";")
		f, ok := parseField(decl)
		if !ok {
			return nil, fmt.Errorf("parse %s: bad field %q", path, decl)
		}
		if sawNr {
			fields = append(fields, f)
		} else if f.name == "__syscall_nr" {
			sawNr = true
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	if !sawNr {
		return nil, fmt.Errorf("parse %s: no __syscall_nr field", path)
	}
	return fields, nil
}

// parseField splits a field's declaration into its name and its type,
// with whitespace normalised: "const char * filename" is filename of type
// "const char *", "char comm[16]" is comm of type "char [16]".
func parseField(decl string) (field, bool) {
	decl = strings.Join(strings.Fields(decl), " ")
	dims := ""
	if i := strings.IndexByte(decl, '['); i >= 0 && strings.HasSuffix(decl, "]") {
		decl, dims = strings.TrimSpace(decl[:i]), decl[i:]
	}
	i := len(decl)
	for i > 0 && isIdent(decl[i-1]) {
		i--
	}
	name, typ := decl[i:], strings.TrimSpace(decl[:i])
	if name == "" || typ == "" || name[0] >= '0' && name[0] <= '9' {
		return field{}, false
	}
	if dims != "" {
		typ += " " + dims
	}
	return field{name: name, typ: typ}, true
}

func isIdent(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}
