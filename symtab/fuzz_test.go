package symtab

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParseKallsyms parses listings: no panic, and what a listing yields
// is consistent (every function resolves to itself over its range, inside
// its mapping; every core symbol is found by name).
func FuzzParseKallsyms(f *testing.F) {
	f.Add([]byte(testListing))
	f.Add([]byte("ffffffff81000000 T _text\nffffffff81000010 t b\n"))
	f.Add([]byte("ffffffffc0001000 t mod_fn\t[ext4]\nffffffffc0001080 d x\t[ext4]\n"))
	f.Add([]byte("0000000000000000 T foo\n"))
	f.Add([]byte("1 T a\n2 T a\n3 W a\n4 w a\n5 D\n"))
	f.Add([]byte("ffffffff81000000 T a\tb\n ffffffff81000010 T c\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		k, err := ParseKallsyms(bytes.NewReader(data))
		if err != nil {
			return
		}
		for _, s := range k.syms.syms {
			if s.size == 0 || s.name == "" {
				t.Fatalf("symbol %+v", s)
			}
			for _, pc := range []uint64{s.value, s.value + s.size - 1} {
				got := k.Lookup(pc)
				if got.Name != s.name || got.Start != s.value || got.Module == "" || got.Base > s.value {
					t.Fatalf("Lookup(%#x) = %+v, want %+v", pc, got, s)
				}
				f := k.Frame(pc)
				if f.Func != s.name || f.Mapping == nil || pc < f.Mapping.Start || pc >= f.Mapping.Limit {
					t.Fatalf("Frame(%#x) = %+v (%+v), want %+v", pc, f, f.Mapping, s)
				}
			}
		}
		for _, n := range k.core {
			name := k.names[n.name : n.name+uint32(n.nameLen)]
			if a, ok := k.Address(name); !ok || a == 0 {
				t.Fatalf("Address(%q) = %#x, %v", name, a, ok)
			}
		}
		ms := k.Mappings()
		for i, m := range ms {
			if m.Start > m.Limit || (i > 0 && m.Path == KernelMappingPath) {
				t.Fatalf("mapping %d: %+v", i, m)
			}
		}
	})
}

// FuzzParseMapsLine parses lines of /proc/PID/maps: no panic, and a line
// it accepts, written again in the kernel's format, parses the same.
func FuzzParseMapsLine(f *testing.F) {
	f.Add("7f0000001000-7f0000002000 r-xp 00001000 fd:01 1234   /usr/lib/my lib.so (deleted)")
	f.Add("55d0c0a00000-55d0c0a01000 r-xp 00001000 fe:00 18500                      /root/bin/python3.11")
	f.Add("7ffd5a5f0000-7ffd5a5f2000 r-xp 00000000 00:00 0                          [vdso]")
	f.Add("ffffffffff600000-ffffffffff601000 --xp 00000000 00:00 0                  [vsyscall]")
	f.Add("7f0000001000-7f0000002000 rwxp 00000000 00:00 0 ")
	f.Add("1000-2000 rw-p 0 00:00 0 /a")
	f.Add("\t1000-2000\tr-x\t0\t0:0\t0\t/b\t")
	f.Fuzz(func(t *testing.T, line string) {
		m, key, ok := parseMapsLine(line)
		if !ok {
			return
		}
		if m.Start >= m.Limit || m.Path != key.path {
			t.Fatalf("%q: %+v %+v", line, m.Mapping, key)
		}
		if m.Path != "" && (m.Path[0] == ' ' || m.Path[0] == '\t') {
			t.Fatalf("%q: path %q", line, m.Path)
		}
		if m.Path != "" && m.Path[0] == '/' && m.module != filepath.Base(m.Path) || (m.Path == "" || m.Path[0] != '/') && m.module != "" {
			t.Fatalf("%q: module %q of %q", line, m.module, m.Path)
		}
		again := fmt.Sprintf("%08x-%08x r-xp %08x %s %d %s", m.Start, m.Limit, m.Offset, key.dev, key.inode, m.Path)
		m2, key2, ok := parseMapsLine(again)
		if strings.ContainsAny(key.dev, " \t") || strings.HasSuffix(m.Path, " (deleted)") {
			return
		}
		if !ok || *m2.Mapping != *m.Mapping || key2 != key || m2.module != m.module {
			t.Fatalf("%q: %+v %+v; written again, %q: %+v %+v %v", line, m.Mapping, key, again, m2.Mapping, key2, ok)
		}
	})
}

// FuzzFindBuildID scans ELF notes: no panic, and a build ID found is
// bytes of the notes.
func FuzzFindBuildID(f *testing.F) {
	id := bytes.Repeat([]byte{0xab, 0x01}, 10)
	f.Add(note("GNU", 3, id))
	f.Add(append(note("Linux", 6, []byte("6.18\x00")), note("GNU", 3, id)...))
	f.Add(append(note("Xen", 3, []byte{1, 2, 3}), note("GNU", 3, id[:8])...))
	f.Add(note("GNU", 1, id))
	f.Add([]byte{4, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 3, 0, 0, 0, 'G', 'N', 'U', 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, bo := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
			id := findBuildID(data, bo)
			if id == "" {
				continue
			}
			raw, err := hex.DecodeString(id)
			if err != nil || !bytes.Contains(data, raw) {
				t.Fatalf("build ID %q (%v) is not in the notes", id, err)
			}
		}
	})
}

// FuzzObject reads ELF objects as a process's mapped files are read: no
// panic, and a symbol found holds the address looked up.
func FuzzObject(f *testing.F) {
	if gcc, err := exec.LookPath("gcc"); err == nil {
		dir := f.TempDir()
		src, _ := filepath.Abs("testdata/lib.c")
		lib := filepath.Join(dir, "lib.so")
		if out, err := exec.Command(gcc, "-O1", "-g0", "-s", "-fPIC", "-shared", "-o", lib, src).CombinedOutput(); err != nil {
			f.Fatalf("gcc: %v\n%s", err, out)
		}
		data, err := os.ReadFile(lib)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	// A header alone.
	hdr := make([]byte, 64)
	copy(hdr, "\x7fELF\x02\x01\x01")
	binary.LittleEndian.PutUint16(hdr[16:], uint16(elf.ET_DYN))
	binary.LittleEndian.PutUint16(hdr[18:], uint16(elf.EM_X86_64))
	binary.LittleEndian.PutUint32(hdr[20:], 1)
	f.Add(hdr)
	debugDir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		ef, err := elf.NewFile(bytes.NewReader(data))
		if err != nil {
			return
		}
		o := newObject(ef, "/nonexistent/fuzz.so", debugDir, nil)
		for _, s := range o.syms.syms {
			if s.size == 0 {
				continue
			}
			name, start, ok := o.Lookup(s.value)
			if !ok || start > s.value || name == "" {
				t.Fatalf("Lookup(%#x) = %q %#x %v", s.value, name, start, ok)
			}
		}
		for _, seg := range o.loads {
			if _, ok := o.linkAddr(seg.off); seg.filesz > 0 && !ok {
				t.Fatalf("linkAddr(%#x) found no segment", seg.off)
			}
		}
	})
}
