package sdtgen

import (
	"bytes"
	"debug/elf"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/dtrace-go/dtrace/symtab"
)

// tool returns the path of a program the test needs, skipping the test
// without it (failing it under DTRACE_TEST_REQUIRE_BPF, as the suite's
// machines have it).
func tool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("DTRACE_TEST_REQUIRE_BPF") != "" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	return p
}

// kinds is a provider whose probes take every kind of argument: the
// types a probe's arguments have in the header's comment, and the C the
// test passes.
var kinds = Provider{Name: "kinds", Probes: []Probe{
	{Name: "ints", Args: []string{"char", "unsigned char", "short", "unsigned short", "int", "unsigned int",
		"long", "unsigned long", "long long", "unsigned long long", "signed char", "_Bool"}},
	{Name: "ptrs", Args: []string{"char *", "char *", "const char *", "void *"}},
	{Name: "floats", Args: []string{"double", "float"}},
	{Name: "string__arg", Args: []string{"const char *", "int"}},
	{Name: "none"},
}}

// wantArgs are the notes' argument sizes, "f" and signs of kinds' probes
// as the programs below fire them on x86-64, where char is signed.
var wantArgs = map[string]string{
	"ints":        "-1 1 -2 2 -4 4 -8 8 -8 8 -1 1",
	"ptrs":        "8 8 8 8",
	"floats":      "8f 4f",
	"string__arg": "8 -4",
	"none":        "",
}

const cProgram = `#include <stdlib.h>
#include "kinds.h"

int enabled(void);
unsigned long long ull = 18446744073709551615ULL;

int main(int argc, char **argv)
{
	char c = -1;
	unsigned char uc = 255;
	short s = -2;
	unsigned short us = 65535;
	unsigned int ui = 4000000000U;
	long l = -3;
	long long ll = -4;
	signed char sc = -5;
	_Bool b = argc > 0;
	char buf[16] = "buf";
	double d = 1.5;
	float f = 2.5f;

	KINDS_INTS(c, uc, s, us, argc - 7, ui, l, (unsigned long)l, ll, ull, sc, b);
	KINDS_PTRS(buf, argv[0], "literal", (void *)buf);
	KINDS_FLOATS(d, f);
	if (KINDS_STRING_ARG_ENABLED())
		KINDS_STRING_ARG(getenv("HOME"), 42);
	KINDS_NONE();
	return enabled();
}
`

const cxxProgram = `#include <string>
#include "kinds.h"

extern "C" int enabled(void);
unsigned long long ull = 18446744073709551615ULL;

template <typename T> struct box {
	T v;
	void fire(const std::string &s) { KINDS_STRING_ARG(s.c_str(), v); }
};

int main(int argc, char **argv)
{
	const char c = -1;
	unsigned char uc = 255;
	short s = -2;
	const unsigned short &us = 65535;
	unsigned int ui = 4000000000U;
	long l = -3;
	volatile long long ll = -4;
	signed char sc = -5;
	bool b = argc > 0;
	char buf[16] = "buf";
	double d = 1.5;
	float f = 2.5f;
	std::string str("string");

	KINDS_INTS(c, uc, s, us, argc - 7, ui, l, static_cast<unsigned long>(l), ll, ull, sc, b);
	KINDS_PTRS(buf, argv[0], "literal", static_cast<void *>(buf));
	KINDS_FLOATS(d, f);
	box<int> bx = { 42 };
	if (KINDS_STRING_ARG_ENABLED())
		bx.fire(str);
	KINDS_NONE();
	return enabled();
}
`

// enabledC tells whether the is-enabled tests read the semaphores: a
// function of its own file, compiled without the header, reading one.
const enabledC = `extern unsigned short kinds_none_semaphore;
int enabled(void) { return kinds_none_semaphore; }
`

// The header compiles, without a warning, as C and C++ of every
// standard, and the object links with what it makes: the probes are
// SDT probes whose notes tell each argument's size and sign, with
// semaphores in section .probes; readelf shows them.
func TestHeaderBuilds(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("the notes' operands are checked for x86-64")
	}
	cc, cxx, readelf := tool(t, "gcc"), tool(t, "g++"), tool(t, "readelf")
	dir := t.TempDir()
	var h bytes.Buffer
	if err := WriteHeader(&h, "kinds.h", []Provider{kinds}); err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("kinds.h", h.String())
	write("prog.c", cProgram)
	write("prog.cc", cxxProgram)
	write("enabled.c", enabledC)
	tg, err := HostTarget(0)
	if err != nil {
		t.Fatal(err)
	}
	var ob bytes.Buffer
	if err := WriteObject(&ob, tg, "kinds.d", []Provider{kinds}); err != nil {
		t.Fatal(err)
	}
	write("kinds.o", ob.String())
	command := func(name string, args ...string) {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
		}
	}
	command(cc, "-c", "-O2", "enabled.c")
	strict := []string{"-Wall", "-Wextra", "-Werror", "-pedantic"}
	type build struct {
		compiler, src string
		flags         []string
	}
	builds := []build{
		{cc, "prog.c", []string{"-std=c99", "-O0"}},
		{cc, "prog.c", []string{"-std=c11", "-O2", "-Wconversion", "-Wsign-conversion", "-Wshadow", "-Wcast-qual"}},
		{cc, "prog.c", []string{"-std=gnu17", "-O3", "-fPIE", "-pie"}},
		{cxx, "prog.cc", []string{"-std=c++98", "-O0"}},
		{cxx, "prog.cc", []string{"-std=c++11", "-O2", "-Wold-style-cast", "-Wuseless-cast", "-Wconversion", "-Wsign-conversion"}},
		{cxx, "prog.cc", []string{"-std=c++20", "-O2", "-fPIC"}},
	}
	// Clang too, where it is installed (the suite's machines need not
	// have it). At -O0: optimizing, it passes constant floats in its
	// constant pools (.LCPI0_0), local labels no reader can resolve, as
	// it does with sys/sdt.h.
	if clang, err := exec.LookPath("clang"); err == nil {
		builds = append(builds, build{clang, "prog.c", []string{"-std=c11", "-O0"}})
	}
	if clangxx, err := exec.LookPath("clang++"); err == nil {
		builds = append(builds, build{clangxx, "prog.cc", []string{"-std=c++17", "-O0", "-Wold-style-cast"}})
	}
	for i, b := range builds {
		name := fmt.Sprintf("%s %s", b.src, strings.Join(b.flags, " "))
		obj, exe := fmt.Sprintf("prog%d.o", i), fmt.Sprintf("prog%d", i)
		args := append(append(append([]string{}, strict...), b.flags...), "-c", "-o", obj, b.src)
		if b.flags[0] == "-std=c99" || b.flags[0] == "-std=c++98" {
			// The programs' own long long, not the header's.
			args = append(args, "-Wno-long-long")
		}
		command(b.compiler, args...)
		command(b.compiler, "-o", exe, obj, "enabled.o", "kinds.o")

		// The object's sites, as dtrace -G reads them.
		_, sites, err := ReadObjects([]string{filepath.Join(dir, obj)}, 0)
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckSites(sites, []Provider{kinds}); err != nil || len(sites) != 5 {
			t.Errorf("%s: sites %+v: %v", name, sites, err)
		}

		// The program's probes, as the usdt provider reads them.
		im, err := symtab.OpenImage(filepath.Join(dir, exe))
		if err != nil {
			t.Fatal(err)
		}
		probes, err := im.SDTProbes()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		f, err := elf.Open(filepath.Join(dir, exe))
		if err != nil {
			t.Fatal(err)
		}
		sec := f.Section(".probes")
		if sec == nil || sec.Type != elf.SHT_PROGBITS || sec.Flags&elf.SHF_WRITE == 0 {
			t.Fatalf("%s: .probes %+v", name, sec)
		}
		f.Close()
		seen := map[string]bool{}
		for _, p := range probes {
			if p.Provider != "kinds" {
				t.Errorf("%s: provider %s", name, p.Provider)
				continue
			}
			seen[p.Name] = true
			var got []string
			for _, a := range p.Args {
				s := fmt.Sprint(a.Size)
				switch {
				case a.Float:
					s += "f"
				case a.Signed:
					s = "-" + s
				}
				got = append(got, s)
			}
			if strings.Join(got, " ") != wantArgs[p.Name] {
				t.Errorf("%s: %s's arguments %q (%s), want %q", name, p.Name, got, p.ArgText, wantArgs[p.Name])
			}
			sem, ok := im.Symbol(Semaphore("kinds", p.Name))
			if !ok || p.Semaphore != sem || sem < sec.Addr || sem+2 > sec.Addr+sec.Size {
				t.Errorf("%s: %s's semaphore at %#x, its symbol at %#x (%v), .probes at %#x", name, p.Name, p.Semaphore, sem, ok, sec.Addr)
			}
		}
		im.Close()
		if len(seen) != len(kinds.Probes) {
			t.Errorf("%s: probes %v", name, seen)
		}
		out, err := exec.Command(readelf, "-n", filepath.Join(dir, exe)).Output()
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"stapsdt", "Provider: kinds", "Name: string__arg", "Name: none"} {
			if !strings.Contains(string(out), want) {
				t.Errorf("%s: readelf -n shows no %q:\n%s", name, want, out)
			}
		}
		// Untraced, the semaphores are 0.
		if err := exec.Command(filepath.Join(dir, exe)).Run(); err != nil {
			t.Errorf("%s: the program: %v", name, err)
		}
	}

	// A shared library: the semaphores are its own (hidden).
	command(cc, append(strict, "-std=c99", "-Wno-long-long", "-O2", "-fPIC", "-shared", "-o", "libkinds.so", "prog.c", "enabled.c", "kinds.o")...)
	out, err := exec.Command(readelf, "--dyn-syms", "-W", filepath.Join(dir, "libkinds.so")).Output()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out), "_semaphore") {
		t.Errorf("the library exports its semaphores:\n%s", out)
	}

	// C89 with no extension beyond the header's.
	write("c89.c", "#include \"kinds.h\"\nint main(void)\n{\n\tint i = 3;\n\tconst char *s = \"x\";\n\n\tif (KINDS_STRING_ARG_ENABLED())\n\t\tKINDS_STRING_ARG(s, i);\n\tKINDS_NONE();\n\treturn 0;\n}\n")
	command(cc, append(strict, "-std=c89", "-c", "c89.c")...)
}
