package symtab

import (
	"debug/elf"
	"encoding/binary"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
)

func TestParseSDTArgs(t *testing.T) {
	reg := func(name string, bits, shift int) Register { return Register{Name: name, Bits: bits, Shift: shift} }
	for _, tc := range []struct {
		in   string
		want SDTArg
	}{
		{"8@%rbx", SDTArg{Size: 8, Kind: SDTRegister, Reg: reg("rbx", 64, 0)}},
		{"-4@%r13d", SDTArg{Size: 4, Signed: true, Kind: SDTRegister, Reg: reg("r13", 32, 0)}},
		{"-2@%r13w", SDTArg{Size: 2, Signed: true, Kind: SDTRegister, Reg: reg("r13", 16, 0)}},
		{"1@%r8b", SDTArg{Size: 1, Kind: SDTRegister, Reg: reg("r8", 8, 0)}},
		{"-4@%eax", SDTArg{Size: 4, Signed: true, Kind: SDTRegister, Reg: reg("rax", 32, 0)}},
		{"2@%cx", SDTArg{Size: 2, Kind: SDTRegister, Reg: reg("rcx", 16, 0)}},
		{"1@%al", SDTArg{Size: 1, Kind: SDTRegister, Reg: reg("rax", 8, 0)}},
		{"1@%ah", SDTArg{Size: 1, Kind: SDTRegister, Reg: reg("rax", 8, 8)}},
		{"1@%dil", SDTArg{Size: 1, Kind: SDTRegister, Reg: reg("rdi", 8, 0)}},
		{"-1@%sil", SDTArg{Size: 1, Signed: true, Kind: SDTRegister, Reg: reg("rsi", 8, 0)}},
		{"8@-80(%rbp)", SDTArg{Size: 8, Kind: SDTMemory, Base: reg("rbp", 64, 0), Disp: -80}},
		{"-4@112(%rsp)", SDTArg{Size: 4, Signed: true, Kind: SDTMemory, Base: reg("rsp", 64, 0), Disp: 112}},
		{"8@(%rax)", SDTArg{Size: 8, Kind: SDTMemory, Base: reg("rax", 64, 0)}},
		{"8@16(%rbx,%rcx,8)", SDTArg{Size: 8, Kind: SDTMemory, Base: reg("rbx", 64, 0), Index: reg("rcx", 64, 0), Scale: 8, Disp: 16}},
		{"-4@$42", SDTArg{Size: 4, Signed: true, Kind: SDTImmediate, Value: 42}},
		{"-4@$-1", SDTArg{Size: 4, Signed: true, Kind: SDTImmediate, Value: -1}},
		{"8@$0x10", SDTArg{Size: 8, Kind: SDTImmediate, Value: 16}},
		{"-4@NBuffers(%rip)", SDTArg{Size: 4, Signed: true, Kind: SDTMemory, Base: reg("rip", 64, 0), Symbol: "NBuffers"}},
		{"-4@40+CheckpointStats(%rip)", SDTArg{Size: 4, Signed: true, Kind: SDTMemory, Base: reg("rip", 64, 0), Symbol: "CheckpointStats", Disp: 40}},
		{"8@sym-8(%rip)", SDTArg{Size: 8, Kind: SDTMemory, Base: reg("rip", 64, 0), Symbol: "sym", Disp: -8}},
		{"%rdx", SDTArg{Size: 8, Kind: SDTRegister, Reg: reg("rdx", 64, 0)}},
		{"8f@%r13", SDTArg{Size: 8, Float: true, Kind: SDTRegister, Reg: reg("r13", 64, 0)}},
		{"4f@-20(%rbp)", SDTArg{Size: 4, Float: true, Kind: SDTMemory, Base: reg("rbp", 64, 0), Disp: -20}},
	} {
		got, err := ParseSDTArgs(tc.in)
		if err != nil {
			t.Errorf("ParseSDTArgs(%q): %v", tc.in, err)
			continue
		}
		if len(got) != 1 || !reflect.DeepEqual(got[0], tc.want) {
			t.Errorf("ParseSDTArgs(%q) = %+v, want %+v", tc.in, got, tc.want)
		}
	}
	for _, bad := range []string{"3@%rax", "8@%xyz", "8@%r16", "8@%r08", "8@(%eax)", "8@1(%rax", "8@$x", "8@", "8@1(%rax,%rip)", "8@1+2+a+b(%rip)", "x@%rax", "8ff@%rax", "f@%rax", "3f@%rax"} {
		if got, err := ParseSDTArgs(bad); err == nil {
			t.Errorf("ParseSDTArgs(%q) = %+v, want an error", bad, got)
		}
	}
	args, err := ParseSDTArgs("8@%rbx  -4@%ebp 8@%r15")
	if err != nil || len(args) != 3 {
		t.Errorf("three arguments: %+v, %v", args, err)
	}
}

// stapNote returns a .note.stapsdt note of a 64-bit object.
func stapNote(pc, base, sem uint64, provider, name, args string) []byte {
	desc := binary.LittleEndian.AppendUint64(nil, pc)
	desc = binary.LittleEndian.AppendUint64(desc, base)
	desc = binary.LittleEndian.AppendUint64(desc, sem)
	desc = append(desc, provider+"\x00"+name+"\x00"+args+"\x00"...)
	return note("stapsdt", ntStapSDT, desc)
}

func TestParseSDTNotes(t *testing.T) {
	data := stapNote(0x1000, 0x2000, 0x3000, "p", "a__b", "-4@%eax 8@$1")
	data = append(data, note("GNU", 3, []byte{1, 2, 3, 4})...) // not ours
	data = append(data, stapNote(0x1100, 0x2000, 0, "p", "c", "")...)
	ns, err := parseSDTNotes(data, binary.LittleEndian, elf.ELFCLASS64)
	if err != nil {
		t.Fatal(err)
	}
	if len(ns) != 2 {
		t.Fatalf("%d notes, want 2", len(ns))
	}
	if n := ns[0]; n.Provider != "p" || n.Name != "a__b" || n.Addr != 0x1000 || n.noteBase != 0x2000 || n.Semaphore != 0x3000 || len(n.Args) != 2 {
		t.Errorf("first note %+v", n)
	}
	if n := ns[1]; n.Name != "c" || n.Semaphore != 0 || len(n.Args) != 0 {
		t.Errorf("second note %+v", n)
	}
	if _, err := parseSDTNotes(data[:len(data)-5], binary.LittleEndian, elf.ELFCLASS64); err == nil {
		t.Error("a truncated note was accepted")
	}
}

// sdtProg is a C program with SDT probes: one with a semaphore, one
// fired at two sites.
const sdtProg = `#define _SDT_HAS_SEMAPHORES 1
#include <sys/sdt.h>
unsigned short tp_guarded_semaphore __attribute__((unused)) __attribute__((section(".probes")));
unsigned short tp_two_semaphore __attribute__((unused)) __attribute__((section(".probes")));
int main(int argc, char **argv) {
	if (tp_guarded_semaphore)
		DTRACE_PROBE1(tp, guarded, argc);
	DTRACE_PROBE2(tp, two, argc, 1);
	DTRACE_PROBE2(tp, two, 2, argc);
	return 0;
}
`

func TestSDTProbesOfAProgram(t *testing.T) {
	gcc := need(t, "gcc")
	dir := t.TempDir()
	src := filepath.Join(dir, "sdt.c")
	writeFile(t, src, []byte(sdtProg))
	out := filepath.Join(dir, "sdt")
	run(t, dir, gcc, "-O2", "-o", out, src)
	im, err := OpenImage(out)
	if err != nil {
		t.Fatal(err)
	}
	defer im.Close()
	probes, err := im.SDTProbes()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range probes {
		names = append(names, p.Provider+":"+p.Name)
	}
	if want := []string{"tp:guarded", "tp:two", "tp:two"}; !slices.Equal(names, want) {
		t.Fatalf("probes %q, want %q", names, want)
	}
	sem, ok := im.Symbol("tp_guarded_semaphore")
	if !ok || probes[0].Semaphore != sem {
		t.Errorf("guarded's semaphore at %#x, want tp_guarded_semaphore at %#x", probes[0].Semaphore, sem)
	}
	main := im.FuncsNamed("main")
	if len(main) == 0 {
		t.Fatal("no main")
	}
	for _, p := range probes {
		if p.Addr < main[0].Value || p.Addr >= main[0].Value+main[0].Size {
			t.Errorf("%s at %#x, outside main [%#x, %#x)", p.Name, p.Addr, main[0].Value, main[0].Value+main[0].Size)
		}
		if off, found := im.FileOffset(p.Addr); !found || off == 0 {
			t.Errorf("%s at %#x: no file offset", p.Name, p.Addr)
		}
	}
	if len(probes[1].Args) != 2 || len(probes[2].Args) != 2 || probes[1].Args[1].Kind != SDTImmediate || probes[2].Args[0].Kind != SDTImmediate {
		t.Errorf("two's sites have arguments %+v and %+v", probes[1].Args, probes[2].Args)
	}
	names, err = SDTProviders(out)
	if err != nil || !slices.Equal(names, []string{"tp"}) {
		t.Errorf("SDTProviders = %q, %v", names, err)
	}
}

// TestSDTProbesOfPython reads the notes of the system's python, whose nine
// probes all have semaphores.
func TestSDTProbesOfPython(t *testing.T) {
	const python = "/usr/bin/python3.11"
	if _, err := os.Stat(python); err != nil {
		t.Skipf("no %s", python)
	}
	im, err := OpenImage(python)
	if err != nil {
		t.Fatal(err)
	}
	defer im.Close()
	probes, err := im.SDTProbes()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, p := range probes {
		seen[p.Name] = true
		if p.Provider != "python" || p.Semaphore == 0 {
			t.Errorf("%s:%s: semaphore %#x", p.Provider, p.Name, p.Semaphore)
		}
	}
	for _, n := range []string{"function__entry", "function__return", "line", "gc__start", "gc__done"} {
		if !seen[n] {
			t.Errorf("no python:%s probe", n)
		}
	}
}
