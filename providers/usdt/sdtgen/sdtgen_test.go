package sdtgen

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

var myapp = Provider{Name: "myapp", Probes: []Probe{
	{Name: "query__start", Args: []string{"char *", "int"}},
	{Name: "query__done", Args: []string{"int"}},
	{Name: "conn__open", Args: []string{"struct conn *"}, XArgs: []string{"conninfo_t *"}},
	{Name: "tick"},
}}

func TestNames(t *testing.T) {
	for _, c := range []struct{ prov, probe, macro, sem string }{
		{"myapp", "query__start", "MYAPP_QUERY_START", "myapp_query__start_semaphore"},
		{"postgresql", "transaction__start", "POSTGRESQL_TRANSACTION_START", "postgresql_transaction__start_semaphore"},
		{"python", "function__entry", "PYTHON_FUNCTION_ENTRY", "python_function__entry_semaphore"},
		{"qemu", "vm_state_notify", "QEMU_VM_STATE_NOTIFY", "qemu_vm_state_notify_semaphore"},
		{"p", "a___b", "P_A__B", "p_a___b_semaphore"},
		{"Mixed", "Up__Down", "MIXED_UP_DOWN", "Mixed_Up__Down_semaphore"},
	} {
		if got := MacroName(c.prov, c.probe); got != c.macro {
			t.Errorf("MacroName(%s, %s) = %s, want %s", c.prov, c.probe, got, c.macro)
		}
		if got := Semaphore(c.prov, c.probe); got != c.sem {
			t.Errorf("Semaphore(%s, %s) = %s, want %s", c.prov, c.probe, got, c.sem)
		}
	}
}

// The header's layout and names: DTrace's frame, SystemTap's names.
func TestWriteHeader(t *testing.T) {
	var b bytes.Buffer
	if err := WriteHeader(&b, "/build/src/probes.h.tmp", []Provider{myapp}); err != nil {
		t.Fatal(err)
	}
	h := b.String()
	for _, want := range []string{
		"#ifndef\t_PROBES_H_TMP\n#define\t_PROBES_H_TMP\n\n#ifndef _DTRACE_SDT_COMMON\n",
		"#ifdef\t__cplusplus\nextern \"C\" {\n#endif\n\n#define _DTRACE_VERSION 1\n\n#if _DTRACE_VERSION\n\n",
		"/* MYAPP_QUERY_START (char *, int) */\n#define\tMYAPP_QUERY_START(arg0, arg1) \\\n",
		"_DTRACE_SDT_NOTE(\"myapp\", \"query__start\", \"myapp_query__start_semaphore\", \\\n\t    _DTRACE_SDT_ARG(0) _DTRACE_SDT_SEP _DTRACE_SDT_ARG(1)) \\\n\t    : : _DTRACE_SDT_OPERAND(0, arg0), _DTRACE_SDT_OPERAND(1, arg1)); \\\n",
		"#define\tMYAPP_QUERY_START_ENABLED() \\\n\t__builtin_expect(myapp_query__start_semaphore, 0)\n",
		"__extension__ extern unsigned short myapp_query__start_semaphore __attribute__((unused)) __attribute__((section(\".probes\")));\n",
		"/* MYAPP_CONN_OPEN (struct conn *) : (conninfo_t *) */\n",
		"/* MYAPP_TICK (void) */\n#define\tMYAPP_TICK() \\\n",
		"\"myapp_tick_semaphore\", \\\n\t    \"\") \\\n\t    : :); \\\n",
		"#else\n\n#define\tMYAPP_QUERY_START(arg0, arg1)\n#define\tMYAPP_QUERY_START_ENABLED() (0)\n",
		"#define\tMYAPP_TICK()\n#define\tMYAPP_TICK_ENABLED() (0)\n\n#endif\n\n",
		"\n#ifdef\t__cplusplus\n}\n#endif\n\n#endif\t/* _PROBES_H_TMP */\n",
	} {
		if !strings.Contains(h, want) {
			t.Errorf("the header lacks %q:\n%s", want, h)
		}
	}
	if strings.Contains(h, "sys/sdt.h>") {
		t.Error("the header includes sys/sdt.h")
	}
	// The common macros come before extern "C" (C++ templates may not
	// have C linkage).
	if i, j := strings.Index(h, "template <"), strings.Index(h, "extern \"C\""); i < 0 || i > j {
		t.Error("templates inside extern \"C\"")
	}
	b.Reset()
	if err := WriteHeader(&b, "", nil); err != nil || strings.Contains(b.String(), "#define\t_") {
		t.Errorf("no file, no guard: %v\n%s", err, b.String())
	}

	many := Probe{Name: "many"}
	for range MaxArgs + 1 {
		many.Args = append(many.Args, "int")
	}
	for _, c := range []struct {
		p   Provider
		err string
	}{
		{Provider{Name: "my-app"}, "provider my-app: the name is not a C identifier"},
		{Provider{Name: "p", Probes: []Probe{{Name: "a.b"}}}, "probe p:a.b: the name is not a C identifier"},
		{Provider{Name: "p", Probes: []Probe{many}}, "probe p:many has 13 arguments: SDT probes have at most 12"},
	} {
		if err := WriteHeader(&b, "x.h", []Provider{c.p}); err == nil || err.Error() != c.err {
			t.Errorf("%+v: %v, want %q", c.p, err, c.err)
		}
	}
}

// rawFlags returns an ELF file's e_flags.
func rawFlags(t *testing.T, data []byte, f *elf.File) uint32 {
	t.Helper()
	if f.Class == elf.ELFCLASS64 {
		return f.ByteOrder.Uint32(data[48:])
	}
	return f.ByteOrder.Uint32(data[36:])
}

// The object: a relocatable ELF file of the target's kind whose
// .probes section holds the semaphores, hidden globals of two bytes.
func TestWriteObject(t *testing.T) {
	other := Provider{Name: "other", Probes: []Probe{{Name: "x", Args: []string{"long"}}}}
	for _, tg := range []Target{
		{Class: elf.ELFCLASS64, Data: elf.ELFDATA2LSB, Machine: elf.EM_X86_64},
		{Class: elf.ELFCLASS32, Data: elf.ELFDATA2LSB, Machine: elf.EM_386},
		{Class: elf.ELFCLASS64, Data: elf.ELFDATA2MSB, Machine: elf.EM_S390},
		{Class: elf.ELFCLASS32, Data: elf.ELFDATA2LSB, Machine: elf.EM_ARM, Flags: 0x05000000},
		{Class: elf.ELFCLASS64, Data: elf.ELFDATA2LSB, Machine: elf.EM_RISCV, Flags: 5},
	} {
		var b bytes.Buffer
		// A provider given twice has its semaphores once.
		if err := WriteObject(&b, tg, "myapp.d", []Provider{myapp, other, myapp}); err != nil {
			t.Fatal(err)
		}
		f, err := elf.NewFile(bytes.NewReader(b.Bytes()))
		if err != nil {
			t.Fatalf("%+v: %v", tg, err)
		}
		if f.Type != elf.ET_REL || f.Class != tg.Class || f.Data != tg.Data || f.Machine != tg.Machine || rawFlags(t, b.Bytes(), f) != tg.Flags {
			t.Errorf("%+v: header %+v, flags %#x", tg, f.FileHeader, rawFlags(t, b.Bytes(), f))
		}
		s := f.Section(".probes")
		if s == nil || s.Type != elf.SHT_PROGBITS || s.Flags != elf.SHF_ALLOC|elf.SHF_WRITE || s.Addralign != 2 || s.Size != 10 {
			t.Fatalf("%+v: .probes %+v", tg, s)
		}
		if data, _ := s.Data(); !bytes.Equal(data, make([]byte, 10)) {
			t.Errorf("%+v: semaphores %x", tg, data)
		}
		if gs := f.Section(".note.GNU-stack"); gs == nil || gs.Flags != 0 || gs.Size != 0 {
			t.Errorf("%+v: .note.GNU-stack %+v", tg, gs)
		}
		syms, err := f.Symbols()
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, sym := range syms {
			switch elf.ST_TYPE(sym.Info) {
			case elf.STT_FILE:
				got = append(got, "file "+sym.Name)
			case elf.STT_OBJECT:
				if elf.ST_BIND(sym.Info) != elf.STB_GLOBAL || elf.ST_VISIBILITY(sym.Other) != elf.STV_HIDDEN ||
					sym.Size != 2 || f.Sections[sym.Section] != s {
					t.Errorf("%+v: %+v", tg, sym)
				}
				got = append(got, sym.Name+"@"+string(rune('0'+sym.Value)))
			}
		}
		want := []string{"file myapp.d", "myapp_query__start_semaphore@0", "myapp_query__done_semaphore@2",
			"myapp_conn__open_semaphore@4", "myapp_tick_semaphore@6", "other_x_semaphore@8"}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%+v: symbols %q, want %q", tg, got, want)
		}
		// The locals come first: sh_info is the first global's index.
		if st := f.Section(".symtab"); st.Info != 3 {
			t.Errorf("%+v: .symtab's sh_info %d", tg, st.Info)
		}
	}
	if tg, err := HostTarget(0); err != nil || tg.Class == 0 || tg.Machine == 0 {
		t.Errorf("HostTarget: %+v, %v", tg, err)
	}
}

func TestReadObjects(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	object := func(name string, tg Target) string {
		var b bytes.Buffer
		if err := WriteObject(&b, tg, "", []Provider{myapp}); err != nil {
			t.Fatal(err)
		}
		return write(name, b.Bytes())
	}
	o64 := object("a64.o", Target{Class: elf.ELFCLASS64, Data: elf.ELFDATA2LSB, Machine: elf.EM_X86_64})
	o32 := object("a32.o", Target{Class: elf.ELFCLASS32, Data: elf.ELFDATA2LSB, Machine: elf.EM_386})
	arm := object("arm.o", Target{Class: elf.ELFCLASS64, Data: elf.ELFDATA2LSB, Machine: elf.EM_AARCH64, Flags: 0})
	riscv := object("riscv.o", Target{Class: elf.ELFCLASS64, Data: elf.ELFDATA2LSB, Machine: elf.EM_RISCV, Flags: 5})
	text := write("notes.txt", []byte("not an object\n"))
	ar := write("lib.a", []byte("!<arch>\n"))
	corrupt := write("bad.o", append([]byte(elf.ELFMAG), 9, 9, 9))
	for _, c := range []struct {
		objs []string
		bits int
		err  string
	}{
		{[]string{filepath.Join(dir, "none.o")}, 0, "failed to open " + filepath.Join(dir, "none.o") + ": No such file or directory"},
		{[]string{text}, 0, "invalid file type: " + text},
		{[]string{ar}, 0, "archives are not permitted; use the contents of the archive instead: " + ar},
		{[]string{corrupt}, 0, "corrupt file: " + corrupt},
		{[]string{o64, o32}, 0, "can't mix 32-bit and 64-bit object files"},
		{[]string{o64}, 32, "incorrect ELF class for object file: " + o64},
		{[]string{o32}, 64, "incorrect ELF class for object file: " + o32},
		{[]string{o64, arm}, 0, "incorrect ELF machine type for object file: " + arm},
	} {
		if _, _, err := ReadObjects(c.objs, c.bits); err == nil || err.Error() != c.err {
			t.Errorf("ReadObjects(%q, %d): %v, want %q", c.objs, c.bits, err, c.err)
		}
	}
	tg, sites, err := ReadObjects([]string{riscv}, 64)
	if err != nil || tg != (Target{Class: elf.ELFCLASS64, Data: elf.ELFDATA2LSB, Machine: elf.EM_RISCV, Flags: 5}) || len(sites) != 0 {
		t.Errorf("ReadObjects(riscv): %+v, %+v, %v", tg, sites, err)
	}
}

// noteObject returns an ELF object holding stapsdt notes for sites (and
// one of another owner), in two .note.stapsdt sections as C++'s section
// groups make them.
func noteObject(t *testing.T, sites [][3]string) []byte {
	t.Helper()
	note := func(owner string, typ uint32, desc []byte) []byte {
		var b bytes.Buffer
		binary.Write(&b, binary.LittleEndian, [3]uint32{uint32(len(owner) + 1), uint32(len(desc)), typ})
		b.WriteString(owner + "\x00")
		for b.Len()%4 != 0 {
			b.WriteByte(0)
		}
		b.Write(desc)
		for b.Len()%4 != 0 {
			b.WriteByte(0)
		}
		return b.Bytes()
	}
	var secs [2][]byte
	for i, s := range sites {
		desc := append(make([]byte, 24), s[0]+"\x00"+s[1]+"\x00"+s[2]+"\x00"...)
		secs[i%2] = append(secs[i%2], note("stapsdt", 3, desc)...)
	}
	secs[0] = append(secs[0], note("GNU", 3, make([]byte, 4))...)
	o := newELF(Target{Class: elf.ELFCLASS64, Data: elf.ELFDATA2LSB, Machine: elf.EM_X86_64})
	for _, data := range secs {
		o.section(".note.stapsdt", elf.SHT_NOTE, 0, 4, 0, data)
	}
	return o.bytes()
}

func TestCheckSites(t *testing.T) {
	p := filepath.Join(t.TempDir(), "prog.o")
	if err := os.WriteFile(p, noteObject(t, [][3]string{
		{"myapp", "query__start", "8@%rax -4@%edx"},
		{"myapp", "query__done", "-4@$3"},
		{"myapp", "tick", ""},
		{"libstdcxx", "throw", "8@%rdi 8@%rsi"},
		{"myapp", "query__start", "8@-8(%rbp) -4@-12(%rbp)"},
	}), 0o644); err != nil {
		t.Fatal(err)
	}
	_, sites, err := ReadObjects([]string{p}, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := []Site{{p, "myapp", "query__start", 2}, {p, "myapp", "tick", 0}, {p, "myapp", "query__start", 2},
		{p, "myapp", "query__done", 1}, {p, "libstdcxx", "throw", 2}}
	if !reflect.DeepEqual(sites, want) {
		t.Fatalf("sites %+v, want %+v", sites, want)
	}
	if err := CheckSites(sites, []Provider{myapp}); err != nil {
		t.Errorf("CheckSites: %v", err)
	}
	// A header older than the provider: a probe since removed, an
	// argument since added.
	gone := Provider{Name: "myapp", Probes: []Probe{{Name: "query__start", Args: []string{"char *", "int"}}, {Name: "tick"}}}
	if err := CheckSites(sites, []Provider{gone}); err == nil || err.Error() != "no such probe query-done" {
		t.Errorf("removed probe: %v", err)
	}
	more := Provider{Name: "myapp", Probes: []Probe{{Name: "query__start", Args: []string{"char *", "int", "long"}}, {Name: "tick"}, {Name: "query__done", Args: []string{"int"}}}}
	if err := CheckSites(sites, []Provider{more}); err == nil || err.Error() != "probe myapp:query-start in "+p+" has 2 arguments; the provider declares 3" {
		t.Errorf("added argument: %v", err)
	}
}
