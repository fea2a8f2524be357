package sdtgen

import (
	"bytes"
	"debug/elf"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"syscall"
)

// Site is a probe site an application's object holds: a note of section
// .note.stapsdt.
type Site struct {
	Object, Provider, Name string
	NArgs                  int
}

// ReadObjects reads the objects dtrace -G is given, the application's
// objects that its probe macros were compiled into: what they are (the
// object to write is of their kind) and their probe sites. bits is 32 or
// 64 when dtrace was given -32 or -64, which the objects must be; 0 lets
// them say. The errors are libdtrace's (dt_link.c's process_obj).
//
// DTrace's -G rewrote the objects' calls of the probes' functions into
// nops; the header's macros place nops already, so the objects are left
// as they are.
func ReadObjects(paths []string, bits int) (Target, []Site, error) {
	var t Target
	var sites []Site
	for i, p := range paths {
		f, flags, err := openObject(p)
		if err != nil {
			return t, nil, err
		}
		ot := Target{Class: f.Class, Data: f.Data, Machine: f.Machine, Flags: flags}
		switch {
		case bits == 32 && ot.Class != elf.ELFCLASS32, bits == 64 && ot.Class != elf.ELFCLASS64:
			f.Close()
			return t, nil, fmt.Errorf("incorrect ELF class for object file: %s", p)
		case i > 0 && ot.Class != t.Class:
			f.Close()
			return t, nil, errors.New("can't mix 32-bit and 64-bit object files")
		case i > 0 && (ot.Machine != t.Machine || ot.Data != t.Data):
			f.Close()
			return t, nil, fmt.Errorf("incorrect ELF machine type for object file: %s", p)
		case i == 0:
			t = ot
		}
		ss, err := notes(f, p)
		f.Close()
		if err != nil {
			return t, nil, err
		}
		sites = append(sites, ss...)
	}
	return t, sites, nil
}

// openObject opens an object given to -G, and returns its e_flags too
// (which debug/elf does not keep).
func openObject(p string) (*elf.File, uint32, error) {
	r, err := os.Open(p)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, 0, fmt.Errorf("failed to open %s: %s", p, strerror(err))
	}
	var hdr [64]byte
	n, _ := io.ReadFull(r, hdr[:])
	r.Close()
	switch {
	case string(hdr[:min(n, 8)]) == "!<arch>\n":
		return nil, 0, fmt.Errorf("archives are not permitted; use the contents of the archive instead: %s", p)
	case n < 4 || string(hdr[:4]) != elf.ELFMAG:
		return nil, 0, fmt.Errorf("invalid file type: %s", p)
	}
	f, err := elf.Open(p)
	if err != nil {
		return nil, 0, fmt.Errorf("corrupt file: %s", p)
	}
	off := 36 // e_flags in an Elf32_Ehdr
	if f.Class == elf.ELFCLASS64 {
		off = 48
	}
	return f, f.ByteOrder.Uint32(hdr[off:]), nil
}

// strerror is strerror(3)'s text of an errno ("No such file or
// directory").
func strerror(err error) string {
	var en syscall.Errno
	if errors.As(err, &en) {
		s := en.Error()
		return strings.ToUpper(s[:1]) + s[1:]
	}
	return err.Error()
}

// notes returns the probe sites of an object: a relocatable object has
// a .note.stapsdt section per section group of the code (C++'s inline
// functions), a linked one one.
func notes(f *elf.File, path string) ([]Site, error) {
	word := 8
	if f.Class == elf.ELFCLASS32 {
		word = 4
	}
	var out []Site
	for _, s := range f.Sections {
		if s.Name != ".note.stapsdt" || s.Type != elf.SHT_NOTE {
			continue
		}
		data, err := s.Data()
		if err != nil {
			return nil, fmt.Errorf("corrupt file: %s", path)
		}
		for len(data) >= 12 {
			namesz := uint64(f.ByteOrder.Uint32(data))
			descsz := uint64(f.ByteOrder.Uint32(data[4:]))
			typ := f.ByteOrder.Uint32(data[8:])
			nameEnd := 12 + (namesz+3)&^3
			if nameEnd > uint64(len(data)) || nameEnd+descsz > uint64(len(data)) {
				return nil, fmt.Errorf("corrupt file: %s", path)
			}
			name, desc := data[12:12+namesz], data[nameEnd:nameEnd+descsz]
			data = data[min(uint64(len(data)), nameEnd+(descsz+3)&^3):]
			if typ != 3 || string(bytes.TrimRight(name, "\x00")) != "stapsdt" || len(desc) < 3*word {
				continue
			}
			strs := strings.SplitN(string(desc[3*word:]), "\x00", 4)
			if len(strs) < 3 {
				return nil, fmt.Errorf("corrupt file: %s", path)
			}
			out = append(out, Site{Object: path, Provider: strs[0], Name: strs[1], NArgs: len(strings.Fields(strs[2]))})
		}
	}
	return out, nil
}

// CheckSites reports a probe site of a provider of provs that the
// provider does not declare, or whose arguments are not those declared:
// objects built with a header older than the provider's declaration.
// Sites of other providers (sys/sdt.h's own macros, another -G's
// providers) are not provs' business.
func CheckSites(sites []Site, provs []Provider) error {
	for _, s := range sites {
		for _, pv := range provs {
			if pv.Name != s.Provider {
				continue
			}
			var decl *Probe
			for i := range pv.Probes {
				if pv.Probes[i].Name == s.Name {
					decl = &pv.Probes[i]
				}
			}
			dname := strings.ReplaceAll(s.Name, "__", "-")
			if decl == nil {
				return fmt.Errorf("no such probe %s", dname)
			}
			if len(decl.Args) != s.NArgs {
				return fmt.Errorf("probe %s:%s in %s has %d argument%s; the provider declares %d",
					s.Provider, dname, s.Object, s.NArgs, plural(s.NArgs), len(decl.Args))
			}
		}
	}
	return nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
