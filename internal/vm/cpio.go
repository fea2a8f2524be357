package vm

import (
	"fmt"
	"io"
	"path"
	"sort"
	"strings"
)

// cpioWriter writes an initramfs: a cpio archive in the "new ASCII"
// (newc) format the kernel unpacks, with the directories a file needs
// made before it.
type cpioWriter struct {
	w    io.Writer
	ino  uint32
	dirs map[string]bool
	err  error
}

func newCpio(w io.Writer) *cpioWriter {
	return &cpioWriter{w: w, ino: 1, dirs: map[string]bool{"": true, ".": true, "/": true}}
}

// Mode bits of cpio entries.
const (
	cpioDir     = 0o040000
	cpioFile    = 0o100000
	cpioSymlink = 0o120000
)

// header writes one entry's header and name, padded to 4 bytes.
func (c *cpioWriter) header(name string, mode uint32, size int) {
	if c.err != nil {
		return
	}
	c.ino++
	nlink := 1
	if mode&0o170000 == cpioDir {
		nlink = 2
	}
	hdr := fmt.Sprintf("070701%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X",
		c.ino, mode, 0, 0, nlink, 0, size, 0, 0, 0, 0, len(name)+1, 0)
	c.write([]byte(hdr + name + "\x00"))
	c.pad(len(hdr) + len(name) + 1)
}

func (c *cpioWriter) write(b []byte) {
	if c.err == nil {
		_, c.err = c.w.Write(b)
	}
}

func (c *cpioWriter) pad(n int) {
	if r := n % 4; r != 0 {
		c.write(make([]byte, 4-r))
	}
}

// mkdirAll adds the directories of p that are not there yet.
func (c *cpioWriter) mkdirAll(p string) {
	p = strings.Trim(path.Clean(p), "/")
	if c.dirs[p] {
		return
	}
	c.mkdirAll(path.Dir(p))
	c.dirs[p] = true
	c.header(p, cpioDir|0o755, 0)
}

// file adds a regular file at p with the given permission bits.
func (c *cpioWriter) file(p string, perm uint32, data []byte) {
	p = strings.Trim(path.Clean(p), "/")
	c.mkdirAll(path.Dir(p))
	c.header(p, cpioFile|perm&0o7777, len(data))
	c.write(data)
	c.pad(len(data))
}

// symlink adds a symbolic link at p to target.
func (c *cpioWriter) symlink(p, target string) {
	p = strings.Trim(path.Clean(p), "/")
	c.mkdirAll(path.Dir(p))
	c.header(p, cpioSymlink|0o777, len(target))
	c.write([]byte(target))
	c.pad(len(target))
}

// close writes the trailer.
func (c *cpioWriter) close() error {
	c.header("TRAILER!!!", 0, 0)
	return c.err
}

// sortedKeys returns m's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
