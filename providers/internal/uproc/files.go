package uproc

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/dtrace-go/dtrace/probe"
	"github.com/dtrace-go/dtrace/symtab"
)

// This file finds objects by file rather than by process: those the
// probes of processes that do not exist yet are placed in, attached to
// the file (its inode) for every process that maps it, now or later.

// AttachPath returns the path uprobes are attached to the object through:
// the file the Cache holds open, through dtrace's own /proc/self/fd, which
// reaches the object whatever becomes of the process it was read from
// (it exits, execs, unloads it); else a path that reaches it now (Reach).
func (o *Object) AttachPath() (string, error) {
	if o.held != nil {
		return "/proc/self/fd/" + strconv.Itoa(int(o.held.Fd())), nil
	}
	return o.Reach()
}

// PID returns the process the object was read from, 0 for an object
// opened by its path (OpenFile).
func (o *Object) PID() int { return o.pid }

// devString formats a device number as /proc/PID/maps shows it, "fd:01".
func devString(dev uint64) string {
	return fmt.Sprintf("%02x:%02x", unix.Major(dev), unix.Minor(dev))
}

// OpenFile returns the object at path, as no process maps it yet: its
// Module its base name, its Bias 0, its file held open by the Cache. A
// file that is not an ELF object is an error.
func (c *Cache) OpenFile(path string) (*Object, error) {
	var st unix.Stat_t
	if err := unix.Stat(path, &st); err != nil {
		return nil, &fs.PathError{Op: "stat", Path: path, Err: err}
	}
	if st.Mode&unix.S_IFMT != unix.S_IFREG {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	k := fileKey{devString(st.Dev), st.Ino}
	o := &Object{Path: path, File: path, Module: filepath.Base(path), Dev: k.dev, Inode: k.inode, proc: c.proc()}
	im, err := c.image(k, o)
	if err != nil {
		return nil, err
	}
	o.Image = im
	return o, nil
}

// FileID identifies a file: its device, as /proc/PID/maps shows it, and
// its inode.
type FileID struct {
	Dev   string
	Inode uint64
}

// ID returns the object's file's identity.
func (o *Object) ID() FileID { return FileID{o.Dev, o.Inode} }

// Mapped is a file some process maps code from, and one process mapping
// it.
type Mapped struct {
	ID   FileID
	Path string
	PID  int
	// link is the map_files link of one of the process's mappings of
	// the file.
	link string
}

// MappedFiles returns the files the processes that exist now map
// executable code from, each once (by device and inode), with the first
// process found mapping it: what a probe of every process, present and
// future, is placed in besides the files its module field names. dtrace
// itself is left out.
func (c *Cache) MappedFiles() []Mapped {
	ents, err := os.ReadDir(c.proc())
	if err != nil {
		return nil
	}
	self := os.Getpid()
	var out []Mapped
	seen := map[FileID]bool{}
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == self {
			continue
		}
		maps, err := symtab.ReadMappings(c.proc(), pid)
		if err != nil {
			continue
		}
		for _, m := range maps {
			id := FileID{m.Dev, m.Inode}
			if !m.Exec || m.Path == "" || m.Path[0] != '/' || m.Inode == 0 || seen[id] {
				continue
			}
			seen[id] = true
			out = append(out, Mapped{ID: id, Path: m.Path, PID: pid, link: mapFile(c.proc(), pid, m)})
		}
	}
	return out
}

// OpenMapped returns the object m names, read from the process mapping
// it (so that a file of another mount namespace, or deleted, is found),
// and that process; a process that exited since leaves the object opened
// by its path, with no process.
func (c *Cache) OpenMapped(m Mapped) (*Object, *Process) {
	if p, err := c.Open(m.PID); err == nil {
		for _, o := range p.Objects {
			if o.ID() == m.ID {
				return o, p
			}
		}
	}
	o, err := c.OpenFile(m.Path)
	if err != nil || o.ID() != m.ID {
		return nil, nil
	}
	return o, nil
}

// ModuleMatches reports whether a module field names the object at path
// (exe: the process's executable) as DTrace's process library matches
// names: a pattern matches the base name; a name matches the whole path,
// the base name, a.out the executable; else, failing every object,
// (Partial) the base name up to a '.': libc and libc.so name libc.so.6.
func ModuleMatches(module, path string, exe bool) bool {
	base := filepath.Base(path)
	if probe.IsGlob(module) {
		return probe.Glob(module, base)
	}
	return module == base || module == path || module == "a.out" && exe
}

// Partial reports whether the name module is the object's base name up to
// a '.' (libc, libc.so for libc.so.6): libproc's last resort, taken when
// no object matches module whole.
func Partial(module, path string) bool {
	base := filepath.Base(path)
	return !probe.IsGlob(module) && len(base) > len(module) && strings.HasPrefix(base, module) && base[len(module)] == '.'
}

// Resolve returns the files a module field names for processes that do
// not exist yet: a path (with a '/') is itself; a name is looked up as
// the shell looks up a command (in PATH) and as the dynamic linker looks
// up a library (LD_LIBRARY_PATH, /etc/ld.so.cache, the default
// directories), each file once; a pattern (or "") matches the base names
// of the files of PATH and of the linker's cache and directories. For a
// name no file has whole, the files whose names it is up to a '.' (libc:
// libc.so.6) are returned. a.out and the empty field resolve to no file
// unless a pattern: "" and "*" return every executable and library, the
// caller filtering them.
func Resolve(module string) []string {
	if strings.Contains(module, "/") {
		if st, err := os.Stat(module); err == nil && st.Mode().IsRegular() {
			return []string{module}
		}
		return nil
	}
	if module == "a.out" {
		return nil
	}
	var out []string
	seen := map[FileID]bool{}
	add := func(p string) {
		// The file's own name, as a process's map shows it
		// (python3.13 for python3).
		if r, err := filepath.EvalSymlinks(p); err == nil {
			p = r
		}
		var st unix.Stat_t
		if unix.Stat(p, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFREG {
			return
		}
		id := FileID{devString(st.Dev), st.Ino}
		if !seen[id] {
			seen[id] = true
			out = append(out, p)
		}
	}
	glob := module == "" || probe.IsGlob(module)
	if module == "" {
		module = "*"
	}
	var partial []string
	consider := func(p string) {
		base := filepath.Base(p)
		switch {
		case glob && probe.Glob(module, base), !glob && base == module:
			add(p)
		case !glob && Partial(module, p):
			partial = append(partial, p)
		}
	}
	for _, d := range filepath.SplitList(os.Getenv("PATH")) {
		if d == "" || !filepath.IsAbs(d) {
			continue
		}
		if !glob {
			if p := filepath.Join(d, module); executable(p) {
				add(p)
				break // the first, as the shell takes it
			}
			continue
		}
		ents, err := os.ReadDir(d)
		if err != nil {
			continue
		}
		for _, e := range ents {
			if p := filepath.Join(d, e.Name()); probe.Glob(module, e.Name()) && executable(p) {
				add(p)
			}
		}
	}
	for _, p := range libraries() {
		consider(p)
	}
	if len(out) == 0 {
		for _, p := range partial {
			add(p)
		}
	}
	return out
}

// executable reports whether p is a regular file someone may execute.
func executable(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular() && st.Mode().Perm()&0o111 != 0
}

// libDirs are the directories the dynamic linker searches after its
// cache (glibc's on x86-64, with the multiarch directories Debian's
// linker is configured with).
var libDirs = []string{"/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/lib64", "/usr/lib64", "/lib", "/usr/lib"}

// LDCache is the dynamic linker's cache.
var LDCache = "/etc/ld.so.cache"

// libraries returns the libraries the dynamic linker finds by name: those
// of LD_LIBRARY_PATH's directories, of its cache, and of its default
// directories, in that order of precedence.
func libraries() []string {
	var out []string
	dirs := filepath.SplitList(os.Getenv("LD_LIBRARY_PATH"))
	for _, d := range dirs {
		out = append(out, sharedObjects(d)...)
	}
	if b, err := os.ReadFile(LDCache); err == nil {
		out = append(out, parseLDCache(b)...)
	}
	for _, d := range libDirs {
		out = append(out, sharedObjects(d)...)
	}
	return out
}

// sharedObjects returns the files of directory d named as shared objects
// are (lib*.so*, ld-*.so*).
func sharedObjects(d string) []string {
	if d == "" || !filepath.IsAbs(d) {
		return nil
	}
	ents, err := os.ReadDir(d)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		n := e.Name()
		if strings.Contains(n, ".so") && (strings.HasPrefix(n, "lib") || strings.HasPrefix(n, "ld-")) && !e.IsDir() {
			out = append(out, filepath.Join(d, n))
		}
	}
	return out
}

// parseLDCache returns the paths of the libraries of a glibc ld.so.cache
// in its new format ("glibc-ld.so.cache1.1": a header of 48 bytes, then
// entries of 24, flags, key and value as offsets of strings from the
// header's start), alone or after the old format's entries; nil for a
// cache it cannot read.
func parseLDCache(b []byte) []string {
	const magic = "glibc-ld.so.cache1.1"
	i := bytes.Index(b, []byte(magic))
	if i < 0 {
		return nil
	}
	b = b[i:]
	if len(b) < 48 {
		return nil
	}
	n := int(binary.LittleEndian.Uint32(b[20:]))
	var out []string
	str := func(off uint32) string {
		if int(off) >= len(b) {
			return ""
		}
		s := b[off:]
		if j := bytes.IndexByte(s, 0); j >= 0 {
			return string(s[:j])
		}
		return ""
	}
	for k := range n {
		e := 48 + 24*k
		if e+24 > len(b) {
			break
		}
		flags := binary.LittleEndian.Uint32(b[e:])
		// FLAG_ELF_LIBC6 | FLAG_X8664_LIB64: this architecture's.
		if flags&0xff != 3 || flags&0xff00 != 0x0300 {
			continue
		}
		if v := str(binary.LittleEndian.Uint32(b[e+8:])); strings.HasPrefix(v, "/") {
			out = append(out, v)
		}
	}
	return out
}

// SDTFiles returns, of files, those whose SDT notes name providers, and
// the providers each has. Each file is read once per Cache.
func (c *Cache) SDTFiles(files []string) map[string][]string {
	out := map[string][]string{}
	for _, p := range files {
		var st unix.Stat_t
		if unix.Stat(p, &st) != nil {
			continue
		}
		if names := c.sdtNames(fileKey{devString(st.Dev), st.Ino}, p); len(names) > 0 {
			out[p] = names
		}
	}
	return out
}

// MappedSDT returns the SDT providers of a file a process maps, read once
// per Cache, through the process's map_files link, else its path.
func (c *Cache) MappedSDT(m Mapped) []string {
	return c.sdtNames(fileKey{m.ID.Dev, m.ID.Inode}, m.link, m.Path)
}

// sdtNames returns the SDT providers of file k, read once per Cache
// through the first of paths that opens.
func (c *Cache) sdtNames(k fileKey, paths ...string) []string {
	c.mu.Lock()
	names, ok := c.sdt[k]
	c.mu.Unlock()
	if ok {
		return names
	}
	for _, p := range paths {
		var err error
		if names, err = symtab.SDTProviders(p); err == nil {
			break
		}
	}
	c.mu.Lock()
	if c.sdt == nil {
		c.sdt = map[fileKey][]string{}
	}
	c.sdt[k] = names
	c.mu.Unlock()
	return names
}

// Gone reports whether err says a process has exited (or is exiting): no
// such process, its /proc directory or map_files gone.
func Gone(err error) bool {
	return errors.Is(err, ErrNoProcess) || errors.Is(err, syscall.ESRCH)
}

// SortedFiles returns the files of an SDTFiles result in order.
func SortedFiles(m map[string][]string) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}
