// Package uproc reads what the providers built on uprobes (pid, usdt)
// need of a process: the objects it maps, each opened once as a
// symtab.Image, where each is loaded, and words of its memory.
package uproc

import (
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/dtrace-go/dtrace/symtab"
)

// ErrNoProcess is the error of Open for a process that does not exist.
var ErrNoProcess = errors.New("no such process")

// ErrUnmapped is the error of Object.Reach for an object the process maps
// no more (a library it unloaded).
var ErrUnmapped = errors.New("no longer mapped")

// Cache holds the objects of the processes read through it, each file
// opened once (by device and inode) whatever the number of processes that
// map it. A Cache is safe for concurrent use.
type Cache struct {
	// Proc is the proc file system's mount point; "" is /proc.
	Proc string

	mu     sync.Mutex
	images map[fileKey]*imageEntry
	sdt    map[fileKey][]string
	// files holds each object's file open (AttachPath).
	files map[fileKey]*os.File
}

type fileKey struct {
	dev   string
	inode uint64
}

type imageEntry struct {
	im  *symtab.Image
	err error
}

func (c *Cache) proc() string {
	if c.Proc == "" {
		return "/proc"
	}
	return c.Proc
}

// Process is a process's objects, as its memory map showed them when it
// was read.
type Process struct {
	PID int
	// Objects are the files the process maps executable code from: its
	// executable first, then by address.
	Objects []*Object
	dir     string
}

// Object is a file a process maps code from.
type Object struct {
	// Path is the file's path as the process sees it.
	Path string
	// File is a path to the file that works from dtrace's mount
	// namespace, for the file deleted since, too (a /proc/PID/map_files
	// link): what uprobes are attached to.
	File string
	// Module is the file's base name, the module of its probes.
	Module string
	// Exe says the object is the process's executable (a.out).
	Exe bool
	// Image is the object's symbols and code. It belongs to the Cache.
	Image *symtab.Image
	// Bias is what the object's link-time addresses add to be the
	// process's addresses.
	Bias uint64
	// Dev and Inode identify the file.
	Dev   string
	Inode uint64
	// maps are the object's mappings.
	maps []symtab.FileMapping
	// proc is the proc file system's mount point, pid the process's.
	proc string
	pid  int
	// held is the object's file, held open by the Cache.
	held *os.File
}

// Reach returns a path to the object's file that dtrace can attach
// uprobes to now: File while the mapping it names is there; else the
// map_files link of another mapping of the same file (the process
// unloaded the library and loaded it again: a uprobe is placed on the
// file, wherever it is mapped). It is ErrNoProcess once the process has
// exited, ErrUnmapped when it maps the file no more.
func (o *Object) Reach() (string, error) {
	if _, err := os.Stat(o.File); err == nil {
		return o.File, nil
	}
	maps, err := symtab.ReadMappings(o.proc, o.pid)
	if err != nil || len(maps) == 0 {
		// A process that has exited has no map, a zombie an empty one.
		return "", ErrNoProcess
	}
	for _, m := range maps {
		if m.Dev == o.Dev && m.Inode == o.Inode && m.Path != "" {
			p := mapFile(o.proc, o.pid, m)
			if _, err := os.Stat(p); err == nil {
				return p, nil
			}
		}
	}
	return "", ErrUnmapped
}

// mapFile returns the /proc/PID/map_files link of mapping m of process
// pid.
func mapFile(proc string, pid int, m symtab.FileMapping) string {
	return filepath.Join(proc, strconv.Itoa(pid), "map_files", strconv.FormatUint(m.Start, 16)+"-"+strconv.FormatUint(m.Limit, 16))
}

// Contains reports whether the process address addr lies in one of the
// object's executable mappings.
func (o *Object) Contains(addr uint64) bool {
	for _, m := range o.maps {
		if m.Exec && addr >= m.Start && addr < m.Limit {
			return true
		}
	}
	return false
}

// Open reads process pid's memory map and opens the objects it maps code
// from. A process that does not exist (or is a zombie, whose map is empty)
// is ErrNoProcess.
func (c *Cache) Open(pid int) (*Process, error) {
	dir := filepath.Join(c.proc(), strconv.Itoa(pid))
	maps, err := symtab.ReadMappings(c.proc(), pid)
	switch {
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, syscall.ESRCH):
		return nil, ErrNoProcess
	case err != nil:
		return nil, fmt.Errorf("read the memory map of pid %d: %w", pid, err)
	case len(maps) == 0:
		return nil, ErrNoProcess
	}
	exe, _ := os.Readlink(filepath.Join(dir, "exe"))
	exe = strings.TrimSuffix(exe, " (deleted)")
	p := &Process{PID: pid, dir: dir}
	byFile := map[fileKey]*Object{}
	for _, m := range maps {
		if m.Path == "" || m.Path[0] != '/' || m.Inode == 0 {
			continue
		}
		k := fileKey{m.Dev, m.Inode}
		o := byFile[k]
		if o == nil {
			o = &Object{Path: m.Path, Module: filepath.Base(m.Path), Exe: m.Path == exe, Dev: m.Dev, Inode: m.Inode,
				File: mapFile(c.proc(), pid, m), proc: c.proc(), pid: pid}
			byFile[k] = o
		}
		o.maps = append(o.maps, m)
	}
	for k, o := range byFile {
		if !slices.ContainsFunc(o.maps, func(m symtab.FileMapping) bool { return m.Exec }) {
			continue
		}
		im, err := c.image(k, o)
		if err != nil {
			continue // not an ELF object (a font mapped executable)
		}
		o.Image = im
		bias, ok := uint64(0), false
		for _, m := range o.maps {
			if link, found := im.LinkAddr(m.Offset); found {
				bias, ok = m.Start-link, true
				break
			}
		}
		if !ok {
			continue
		}
		o.Bias = bias
		p.Objects = append(p.Objects, o)
	}
	slices.SortFunc(p.Objects, func(a, b *Object) int {
		if a.Exe != b.Exe {
			if a.Exe {
				return -1
			}
			return 1
		}
		return cmp.Compare(a.maps[0].Start, b.maps[0].Start)
	})
	return p, nil
}

// image opens the object of k once, through the process's map_files link
// (which reaches it in any mount namespace and after it was deleted), else
// its path.
func (c *Cache) image(k fileKey, o *Object) (*symtab.Image, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.images == nil {
		c.images = map[fileKey]*imageEntry{}
	}
	if e := c.images[k]; e != nil {
		o.held = c.files[k]
		return e.im, e.err
	}
	im, err := symtab.OpenMappedImage(o.File, o.Path)
	if err != nil {
		if _, serr := os.Stat(o.File); serr != nil {
			// No map_files (a kernel without it, no privilege):
			// the path itself.
			o.File = o.Path
			im, err = symtab.OpenMappedImage(o.Path, o.Path)
		}
	}
	c.images[k] = &imageEntry{im, err}
	if err == nil {
		// Held open, so that uprobes can be attached to it whatever
		// becomes of the process (AttachPath).
		if f, ferr := os.Open(o.File); ferr == nil {
			if c.files == nil {
				c.files = map[fileKey]*os.File{}
			}
			c.files[k] = f
			o.held = f
		}
	}
	return im, err
}

// ObjectAt returns the object whose executable mapping holds the process
// address addr, or nil.
func (p *Process) ObjectAt(addr uint64) *Object {
	for _, o := range p.Objects {
		if o.Contains(addr) {
			return o
		}
	}
	return nil
}

// ReadWord reads the 64-bit word at the process address addr.
func (p *Process) ReadWord(addr uint64) (uint64, error) {
	f, err := os.Open(filepath.Join(p.dir, "mem"))
	if err != nil {
		return 0, err
	}
	defer f.Close()
	var b [8]byte
	if _, err := f.ReadAt(b[:], int64(addr)); err != nil {
		return 0, fmt.Errorf("read pid %d memory at %#x: %w", p.PID, addr, err)
	}
	return binary.LittleEndian.Uint64(b[:]), nil
}

// Alive reports whether the process still exists (and is not a zombie).
func (c *Cache) Alive(pid int) bool { return alive(c.proc(), pid) }

// Alive reports whether process pid exists (and is not a zombie).
func Alive(pid int) bool { return alive("/proc", pid) }

func alive(proc string, pid int) bool {
	b, err := os.ReadFile(filepath.Join(proc, strconv.Itoa(pid), "stat"))
	if err != nil {
		return false
	}
	i := strings.LastIndexByte(string(b), ')')
	return i >= 0 && i+2 < len(b) && b[i+2] != 'Z' && b[i+2] != 'X'
}

// SDTProviders returns the names of the SDT providers of the objects
// process pid maps code from. Each file is read once per Cache, and not
// kept open.
func (c *Cache) SDTProviders(pid int) ([]string, error) {
	maps, err := symtab.ReadMappings(c.proc(), pid)
	if err != nil {
		return nil, err
	}
	dir := filepath.Join(c.proc(), strconv.Itoa(pid))
	var out []string
	seen := map[fileKey]bool{}
	for _, m := range maps {
		k := fileKey{m.Dev, m.Inode}
		if !m.Exec || m.Path == "" || m.Path[0] != '/' || m.Inode == 0 || seen[k] {
			continue
		}
		seen[k] = true
		c.mu.Lock()
		names, ok := c.sdt[k]
		c.mu.Unlock()
		if !ok {
			names, err = symtab.SDTProviders(mapFile(c.proc(), pid, m))
			if err != nil {
				names, _ = symtab.SDTProviders(filepath.Join(dir, "root", m.Path))
			}
			c.mu.Lock()
			if c.sdt == nil {
				c.sdt = map[fileKey][]string{}
			}
			c.sdt[k] = names
			c.mu.Unlock()
		}
		for _, n := range names {
			if !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	return out, nil
}
