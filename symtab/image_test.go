package symtab

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const libc = "/lib/x86_64-linux-gnu/libc.so.6"

// TestImageIFunc reads libc's IFUNC strlen: its symbol is the resolver's,
// and libc's own calls of it go through an IRELATIVE relocation of that
// resolver, whose word the dynamic loader fills.
func TestImageIFunc(t *testing.T) {
	if _, err := os.Stat(libc); err != nil {
		t.Skipf("no %s", libc)
	}
	im, err := OpenImage(libc)
	if err != nil {
		t.Fatal(err)
	}
	defer im.Close()
	fns := im.FuncsNamed("strlen")
	if len(fns) == 0 || !fns[0].IFunc {
		t.Fatalf("strlen: %+v, want an IFUNC", fns)
	}
	if slots := im.IFuncSlots(fns[0].Value, ""); len(slots) == 0 {
		t.Error("no IRELATIVE relocation of strlen's resolver")
	}
	if slots := im.IFuncSlots(0, "strlen"); len(slots) != 0 {
		t.Errorf("libc binds strlen by name at %#x", slots)
	}
	malloc := im.FuncsNamed("malloc")
	if len(malloc) == 0 || malloc[0].IFunc {
		t.Fatalf("malloc: %+v", malloc)
	}
	if im.PLT(malloc[0].Value) {
		t.Error("malloc is in the PLT")
	}
}

// TestImageOfAProgram checks an image's functions, addresses and code
// against a C program with a shared library.
func TestImageOfAProgram(t *testing.T) {
	dir := t.TempDir()
	path := buildC(t, dir, "prog")
	im, err := OpenImage(path)
	if err != nil {
		t.Fatal(err)
	}
	defer im.Close()
	for _, name := range []string{"a", "b", "c", "main"} {
		fns := im.FuncsNamed(name)
		if len(fns) != 1 || fns[0].Size == 0 || fns[0].IFunc || fns[0].Dynamic {
			t.Fatalf("%s: %+v", name, fns)
		}
		fn := fns[0]
		off, ok := im.FileOffset(fn.Value)
		if !ok {
			t.Fatalf("%s: no file offset", name)
		}
		if back, ok := im.LinkAddr(off); !ok || back != fn.Value {
			t.Errorf("%s: LinkAddr(FileOffset(%#x)) = %#x", name, fn.Value, back)
		}
		code, err := im.Code(fn.Value, fn.Size)
		if err != nil || uint64(len(code)) != fn.Size {
			t.Fatalf("%s: %d bytes of code, %v", name, len(code), err)
		}
		f, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if string(f[off:off+fn.Size]) != string(code) {
			t.Errorf("%s: the code is not the file's at %#x", name, off)
		}
		if got, ok := im.Containing(fn.Value + fn.Size - 1); !ok || got.Name != name {
			t.Errorf("Containing(%s's last byte) = %+v", name, got)
		}
		if got, ok := im.Preferred(fn.Value); !ok || got.Name != name {
			t.Errorf("Preferred(%s) = %+v", name, got)
		}
	}
	if im.Go || im.GoFunc(im.FuncsNamed("a")[0].Value) {
		t.Error("a C program is Go")
	}
	if _, ok := im.Symbol("main"); !ok {
		t.Error("no symbol main")
	}
	if _, err := im.Code(1<<40, 4); err == nil {
		t.Error("code at an address outside the file")
	}
}

// TestImageOfAGoProgram finds a Go program's functions, stripped too, in
// its function table.
func TestImageOfAGoProgram(t *testing.T) {
	goTool := need(t, "go")
	dir := t.TempDir()
	for _, flags := range []string{"", "-s -w"} {
		path := filepath.Join(dir, "goprog"+strings.ReplaceAll(flags, " ", ""))
		run(t, ".", goTool, "build", "-ldflags="+flags, "-o", path, "./testdata/goprog")
		im, err := OpenImage(path)
		if err != nil {
			t.Fatal(err)
		}
		fns := im.FuncsNamed("main.a")
		if !im.Go || len(fns) != 1 || !im.GoFunc(fns[0].Value) {
			t.Errorf("%q: Go %v, main.a %+v", flags, im.Go, fns)
		}
		im.Close()
	}
}

func TestReadMappings(t *testing.T) {
	ms, err := ReadMappings("", os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	exe, _ = filepath.EvalSymlinks(exe)
	found := false
	for i, m := range ms {
		if i > 0 && m.Start < ms[i-1].Start {
			t.Errorf("mappings not by address: %#x after %#x", m.Start, ms[i-1].Start)
		}
		if m.Path == exe && m.Exec && !m.Write && m.Inode != 0 && m.Dev != "" {
			found = true
		}
	}
	if !found {
		t.Errorf("no executable mapping of %s in %+v", exe, ms)
	}
	if _, err := ReadMappings("", 1<<30); err == nil {
		t.Error("the map of a process that does not exist")
	}
}
