package cfi

import (
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// A CIE (zR, code align 1, data align -8, return address r16, FDE
// pointers pcrel|sdata4; CFA = rsp+8, ra at CFA-8) and FDEs for the
// expression forms, laid out as in an .eh_frame at address 0x1000.
func ehFrame(fdes ...[]byte) []byte {
	cie := []byte{
		0x14, 0, 0, 0, // length
		0, 0, 0, 0, // CIE id
		1, 'z', 'R', 0, // version, augmentation
		1, 0x78, 16, // code align, data align -8, ra
		1, 0x1b, // augmentation data: pcrel|sdata4
		0x0c, 7, 8, // def_cfa rsp 8
		0x90, 1, // offset r16 at cfa-8
		0, 0, // padding
	}
	out := append([]byte{}, cie...)
	for _, f := range fdes {
		out = append(out, f...)
	}
	return append(out, 0, 0, 0, 0)
}

// fde returns an FDE at section offset off for [start, start+size) with
// CFA program insns (padded with nops to a multiple of 4).
func fde(off int, start, size uint32, insns ...byte) []byte {
	for (4+4+4+4+1+len(insns))%4 != 0 {
		insns = append(insns, 0)
	}
	body := []byte{}
	body = le.AppendUint32(body, uint32(off+4)) // CIE pointer: back to offset 0
	pc := int32(start) - int32(0x1000+off+8)    // pcrel from the field
	body = le.AppendUint32(body, uint32(pc))
	body = le.AppendUint32(body, size)
	body = append(body, 0) // augmentation length
	body = append(body, insns...)
	return append(le.AppendUint32(nil, uint32(len(body))), body...)
}

func TestExpressionForms(t *testing.T) {
	const cieLen = 0x18
	plt := fde(cieLen, 0x2000, 0x40,
		0x0e, 16, // def_cfa_offset 16
		0x46,     // advance 6
		0x0e, 24, // def_cfa_offset 24
		0x4a,                                                                 // advance 10
		0x0f, 11, 0x77, 8, 0x80, 0, 0x3f, 0x1a, 0x3b, 0x2a, 0x33, 0x24, 0x22, // PLT expression
	)
	sig := fde(cieLen+len(plt), 0x2100, 0x10,
		0x0f, 4, 0x77, 0xa0, 0x01, 0x06, // CFA = *(rsp+160)
	)
	realign := fde(cieLen+len(plt)+len(sig), 0x2200, 0x20,
		0x44,                      // advance 4
		0x0f, 3, 0x76, 0x78, 0x06, // CFA = *(rbp-8)
		0x48,     // advance 8
		0x07, 16, // ra undefined
	)
	fdes, err := Parse(ehFrame(plt, sig, realign), 0x1000, true)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := Build(fdes)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		pc   uint64
		want Row
		ok   bool
	}{
		{0x1fff, Row{}, false},
		{0x2000, Row{PC: 0x2000, Kind: SP, CFAOffset: 16}, true},
		{0x2008, Row{PC: 0x2006, Kind: SP, CFAOffset: 24}, true},
		{0x2010, Row{PC: 0x2010, Kind: PLT, CFAOffset: 8, BP: 11}, true},
		{0x203f, Row{PC: 0x2010, Kind: PLT, CFAOffset: 8, BP: 11}, true},
		{0x2040, Row{PC: 0x2040, Kind: FP}, true}, // a gap
		{0x2100, Row{PC: 0x2100, Kind: Signal}, true},
		{0x2203, Row{PC: 0x2200, Kind: SP, CFAOffset: 8}, true},
		{0x2204, Row{PC: 0x2204, Kind: DerefBP, CFAOffset: -8}, true},
		{0x220c, Row{PC: 0x220c, Kind: End}, true},
		{0x2220, Row{PC: 0x2220, Kind: FP}, true},
	} {
		got, ok := tab.Lookup(c.pc)
		if ok != c.ok || got != c.want {
			t.Errorf("row of %#x: %+v, %v; want %+v, %v", c.pc, got, ok, c.want, c.ok)
		}
	}
}

// TestCompiled reads the tables of a C function compiled with and without
// frame pointers: the rows its prologue and epilogue make.
func TestCompiled(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		if os.Getenv("DTRACE_TEST_REQUIRE_BPF") != "" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "f.c")
	code := `
volatile long v;
__attribute__((noinline)) long g(long x) { return x + v; }
long f(long x) { long r = g(x + 1); v += r; return r * 3; }
`
	if err := os.WriteFile(src, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		flag string
		body Row // the row in f's body, after its prologue
	}{
		{"-fomit-frame-pointer", Row{Kind: SP, CFAOffset: 16}},
		{"-fno-omit-frame-pointer", Row{Kind: BP, CFAOffset: 16, BP: -2}},
	} {
		obj := filepath.Join(dir, "f.so")
		out, err := exec.Command(gcc, "-O2", c.flag, "-fPIC", "-shared", "-o", obj, src).CombinedOutput()
		if err != nil {
			t.Fatalf("gcc: %v\n%s", err, out)
		}
		f, err := elf.Open(obj)
		if err != nil {
			t.Fatal(err)
		}
		tab, err := Read(f)
		if err != nil {
			t.Fatal(err)
		}
		syms, _ := f.DynamicSymbols()
		f.Close()
		var start, size uint64
		for _, s := range syms {
			if s.Name == "f" {
				start, size = s.Value, s.Size
			}
		}
		if start == 0 {
			t.Fatal("no symbol f")
		}
		if r, _ := tab.Lookup(start); r.Kind != SP || r.CFAOffset != 8 || r.BP != 0 {
			t.Errorf("%s: f's entry row %+v, want CFA rsp+8", c.flag, r)
		}
		found := false
		for pc := start; pc < start+size; pc++ {
			r, _ := tab.Lookup(pc)
			r.PC = 0
			found = found || r == c.body
		}
		if !found {
			t.Errorf("%s: no row %+v in f", c.flag, c.body)
		}
	}
}

// TestLibc reads the C library's table: its PLT and signal trampoline
// rows are of the forms known.
func TestLibc(t *testing.T) {
	var f *elf.File
	for _, p := range []string{"/lib/x86_64-linux-gnu/libc.so.6", "/usr/lib64/libc.so.6", "/lib64/libc.so.6"} {
		var err error
		if f, err = elf.Open(p); err == nil {
			break
		}
	}
	if f == nil {
		t.Skip("no libc.so.6")
	}
	defer f.Close()
	tab, err := Read(f)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[Kind]int{}
	for _, r := range tab.Rows {
		kinds[r.Kind]++
	}
	if kinds[Signal] == 0 || kinds[SP] < 1000 {
		t.Errorf("rows by kind %v: want a signal frame and thousands of rsp rows", kinds)
	}
	if kinds[Invalid] > len(tab.Rows)/100 {
		t.Errorf("rows by kind %v: more than 1%% not followed", kinds)
	}
}

func TestGarbage(t *testing.T) {
	for _, b := range [][]byte{
		{0xff, 0xff, 0xff},
		{0x10, 0, 0, 0, 1, 0, 0, 0},
		{8, 0, 0, 0, 0, 0, 0, 0, 1, 'x', 0, 0},
	} {
		fdes, err := Parse(b, 0, true)
		if err == nil {
			_, err = Build(fdes)
		}
		_ = err // any answer but a panic
	}
}
