// Package dlib is dtrace-go's D library: the .d files DTrace loads before
// every program from /usr/lib/dtrace, written for dtrace-go over the
// running kernel's types. They declare the types and translators of the
// stable providers (psinfo_t, lwpsinfo_t, cpuinfo_t, bufinfo_t,
// devinfo_t, fileinfo_t), the variables curpsinfo, curlwpsinfo and
// curcpu, the network types (in6_addr_t, conninfo_t), and the constants
// D programs use (errno values, signal numbers, DTRACEFLT_* fault codes,
// AF_* address families, ARPHRD_* hardware types, R_* register indices).
//
// It is part of dtrace-go's implementation, not of its API (README.md's
// layout table names the packages a program imports).
package dlib

import (
	"bytes"
	"embed"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

//go:embed *.d
var files embed.FS

// File is one library file.
type File struct {
	// Name is the file's name, as #pragma D depends_on library names it;
	// Path where it was read from ("" for the built-in library).
	Name, Path string
	Text       []byte
}

// Builtin returns the built-in library's files, in the order they are to
// be loaded.
func Builtin() []File {
	ents, _ := fs.ReadDir(files, ".")
	var out []File
	for _, e := range ents {
		b, _ := files.ReadFile(e.Name())
		out = append(out, File{Name: e.Name(), Text: b})
	}
	return Order(out)
}

// ReadDir returns the .d files of the directory dir, as -xlibdir adds
// them: its files ending in .d, in name order.
func ReadDir(dir string) ([]File, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []File
	for _, e := range ents {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".d") {
			continue
		}
		p := filepath.Join(dir, e.Name())
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		out = append(out, File{Name: e.Name(), Path: p, Text: b})
	}
	return out, nil
}

// Depends returns the library files f names in "#pragma D depends_on
// library NAME" lines.
func (f File) Depends() []string {
	var out []string
	text := f.Text
	for {
		i := bytes.Index(text, []byte("depends_on"))
		if i < 0 {
			return out
		}
		start := bytes.LastIndexByte(text[:i], '\n') + 1
		end := bytes.IndexByte(text[i:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += i
		}
		w := strings.Fields(string(text[start:end]))
		// #pragma D depends_on library NAME, "#" and "pragma" apart or
		// not.
		if len(w) > 0 && w[0] == "#" {
			w = w[1:]
			if len(w) > 0 {
				w[0] = "#" + w[0]
			}
		}
		if len(w) == 5 && w[0] == "#pragma" && w[1] == "D" && w[2] == "depends_on" && w[3] == "library" {
			out = append(out, w[4])
		}
		text = text[end:]
	}
}

// Order sorts files by name, then moves each after the files it depends
// on (libdtrace's dt_lib_depend order). A dependency cycle keeps the
// name order among its files.
func Order(files []File) []File {
	sort.SliceStable(files, func(i, j int) bool { return files[i].Name < files[j].Name })
	byName := map[string]int{}
	for i, f := range files {
		byName[f.Name] = i
	}
	state := make([]int, len(files)) // 0 new, 1 visiting, 2 done
	var out []File
	var visit func(i int)
	visit = func(i int) {
		if state[i] != 0 {
			return
		}
		state[i] = 1
		for _, d := range files[i].Depends() {
			if j, ok := byName[d]; ok {
				visit(j)
			}
		}
		state[i] = 2
		out = append(out, files[i])
	}
	for i := range files {
		visit(i)
	}
	return out
}
