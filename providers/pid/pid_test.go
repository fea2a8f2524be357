package pid

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/internal/uprobe"
	"github.com/dtrace-go/dtrace/providers/internal/uproc"
)

func TestProbeable(t *testing.T) {
	for _, tc := range []struct {
		code []byte
		want bool
	}{
		{[]byte{0x55}, true},                                        // push %rbp
		{[]byte{0xf3, 0x0f, 0x1e, 0xfa}, true},                      // endbr64
		{[]byte{0x48, 0x89, 0xf8}, true},                            // mov %rdi,%rax
		{[]byte{0xf0, 0xff, 0x0f}, false},                           // lock decl (%rdi)
		{[]byte{0x3e, 0xff, 0xe0}, false},                           // notrack jmp *%rax
		{[]byte{0x64, 0x48, 0x8b, 0x04, 0x25, 0x28, 0, 0, 0}, true}, // mov %fs:0x28,%rax
		{[]byte{0xf4}, false},                                       // hlt
		{[]byte{0xcc}, false},                                       // int3
		{[]byte{0x0f, 0x05}, true},                                  // syscall (0f: the escape is accepted)
		{[]byte{0xc5, 0xf9, 0x6e, 0xc6}, false},                     // vmovd %esi,%xmm0: VEX, opcode 6e
		{[]byte{0xc5, 0xf9, 0xef, 0xc0}, false},                     // vpxor: VEX, opcode ef
		{[]byte{0xc5, 0xfc, 0x28, 0xc1}, true},                      // vmovaps %ymm1,%ymm0: VEX, opcode 28
		{[]byte{0xc5, 0xfe, 0x7f, 0x07}, false},                     // vmovdqu %ymm0,(%rdi): VEX, opcode 7f, which the kernel runs as jg
		{[]byte{0x62, 0xe2, 0x7d, 0x28, 0x7a, 0xce}, false},         // vpbroadcastb %esi,%ymm17: EVEX, opcode 7a (jp)
		{[]byte{0xc5, 0xfd, 0xeb, 0xc8}, false},                     // vpor: VEX, opcode eb (jmp)
		{[]byte{0xc5, 0xf8, 0x77}, false},                           // vzeroupper: VEX, opcode 77 (ja)
		{[]byte{0xc5, 0xf8, 0xc2, 0xc1, 0x00}, false},               // vcmpeqps: VEX, opcode c2 (ret imm16)
		{[]byte{0x41, 0x90}, false},                                 // xchg %eax,%r8d: the kernel skips it as a nop
		{[]byte{0xf3, 0x90}, true},                                  // pause
		{[]byte{0x9c}, false},                                       // pushf: it would push the single-step trap flag
		{[]byte{0x9d}, true},                                        // popf
		{[]byte{0x8e, 0xd0}, false},                                 // mov %eax,%ss
		{[]byte{0x8e, 0xd8}, true},                                  // mov %eax,%ds
	} {
		if got := probeable(tc.code); got != tc.want {
			t.Errorf("probeable(% x) = %v, want %v", tc.code, got, tc.want)
		}
	}
}

func TestDecode(t *testing.T) {
	code := []byte{
		0xf3, 0x0f, 0x1e, 0xfa, // endbr64: x86asm does not know it
		0x48, 0x89, 0xf8, // mov %rdi,%rax
		0xf3, 0xc3, // repz ret
		0xc3, // ret
	}
	insns, err := decodeFunc(code)
	if err != nil {
		t.Fatal(err)
	}
	var offs, rets []int
	for _, in := range insns {
		offs = append(offs, in.off)
		if in.ret {
			rets = append(rets, in.off)
		}
	}
	if !slices.Equal(offs, []int{0, 4, 7, 9}) || !slices.Equal(rets, []int{7, 9}) {
		t.Errorf("offsets %v, returns at %v", offs, rets)
	}
	if !boundary(insns, 4) || boundary(insns, 5) {
		t.Error("boundary")
	}
	// vzeroupper is three bytes (x86asm takes the next byte with it),
	// vpbroadcastb %esi,%ymm17 six (EVEX), vpalignr $1,(%rax,%rbx,4),%ymm1,%ymm2
	// eight (map 0f3a: an immediate).
	vex := []byte{
		0xc5, 0xf8, 0x77, // vzeroupper
		0x62, 0xe2, 0x7d, 0x28, 0x7a, 0xce, // vpbroadcastb %esi,%ymm17
		0xc4, 0xe3, 0x75, 0x0f, 0x14, 0x98, 0x01, // vpalignr $1,(%rax,%rbx,4),%ymm1,%ymm2
		0xc3, // ret
	}
	insns, err = decodeFunc(vex)
	offs = offs[:0]
	for _, in := range insns {
		offs = append(offs, in.off)
	}
	if err != nil || !slices.Equal(offs, []int{0, 3, 9, 16}) || !insns[3].ret {
		t.Errorf("VEX and EVEX: offsets %v, %v", offs, err)
	}
	if _, err := decodeFunc([]byte{0x48, 0x89}); err == nil {
		t.Error("a truncated instruction decoded")
	}
	// A Go prologue: cmp 0x10(%r14),%rsp; jbe; then the body.
	prologue := []byte{0x49, 0x3b, 0x66, 0x10, 0x76, 0x20, 0x55, 0x48, 0x89, 0xe5}
	insns, err = decodeFunc(prologue)
	if err != nil {
		t.Fatal(err)
	}
	if got := goBodyOffset(insns); got != 6 {
		t.Errorf("goBodyOffset = %d, want 6", got)
	}
	insns, _ = decodeFunc(code)
	if got := goBodyOffset(insns); got != 0 {
		t.Errorf("goBodyOffset without a stack check = %d, want 0", got)
	}
}

func TestParseName(t *testing.T) {
	for _, tc := range []struct {
		name string
		pid  int
		ok   bool
	}{
		{"pid1", 1, true}, {"pid1234", 1234, true},
		{"pid", 0, false}, {"pid0", 0, false}, {"pid01", 0, false}, {"pidx", 0, false},
		{"pid12a", 0, false}, {"python12", 0, false}, {"pid99999999999", 0, false},
	} {
		pid, ok := ParseName(tc.name)
		if pid != tc.pid || ok != tc.ok {
			t.Errorf("ParseName(%q) = %d, %v", tc.name, pid, ok)
		}
	}
}

func need(t *testing.T, tool string) string {
	t.Helper()
	p, err := exec.LookPath(tool)
	if err != nil {
		if os.Getenv("DTRACE_TEST_REQUIRE_BPF") != "" {
			t.Fatalf("%s is needed: %v", tool, err)
		}
		t.Skipf("%s is needed: %v", tool, err)
	}
	return p
}

// build runs a compiler and returns the path it was to write.
func build(t *testing.T, path, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(name, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return path
}

// start runs path, which waits for its standard input to close, until the
// test ends, and returns its pid once it has mapped module.
func start(t *testing.T, path, module string) int {
	t.Helper()
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { in.Close(); cmd.Wait() })
	waitMapped(t, cmd.Process.Pid, module)
	return cmd.Process.Pid
}

// waitMapped waits until process pid maps module.
func waitMapped(t *testing.T, pid int, module string) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(5 * time.Millisecond) {
		b, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/maps")
		if strings.Contains(string(b), module) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("pid %d has not mapped %s", pid, module)
		}
	}
}

func provider(t *testing.T, pid int) *Provider {
	t.Helper()
	p, err := NewFactory(&uproc.Cache{}).NewProvider("pid" + strconv.Itoa(pid))
	if err != nil || p == nil {
		t.Fatalf("NewProvider: %v, %v", p, err)
	}
	return p.(*Provider)
}

func names(ps []*providers.Probe) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Module+":"+p.Function+":"+p.Name)
	}
	return out
}

func TestExpand(t *testing.T) {
	gcc := need(t, "gcc")
	path := filepath.Join(t.TempDir(), "prog")
	build(t, path, gcc, "-O1", "-o", path, "testdata/prog.c")
	pid := start(t, path, "libc.so.6")
	p := provider(t, pid)
	ps, err := p.Expand("a.out", "asm_sum", "")
	if want := []string{"prog:asm_sum:return", "prog:asm_sum:entry", "prog:asm_sum:0", "prog:asm_sum:3", "prog:asm_sum:6"}; err != nil || !slices.Equal(names(ps), want) {
		t.Errorf("a.out:asm_sum: = %q, %v; want %q", names(ps), err, want)
	}
	ps, err = p.Expand("prog", "glob_*", "entry")
	if want := []string{"prog:glob_one:entry", "prog:glob_two:entry"}; err != nil || !slices.Equal(names(ps), want) {
		t.Errorf("prog:glob_*:entry = %q, %v; want %q", names(ps), err, want)
	}
	ps, err = p.Expand("", "asm_sum", "e*")
	if want := []string{"prog:asm_sum:entry"}; err != nil || !slices.Equal(names(ps), want) {
		t.Errorf(":asm_sum:e* = %q, %v; want %q", names(ps), err, want)
	}
	for _, tc := range []struct{ mod, fn, name, tag string }{
		{"a.out", "asm_sum", "1", "D_PROC_ALIGN"},
		{"a.out", "asm_sum", "7", "D_PROC_OFF"},
		{"a.out", "asm_sum", "zz", "D_PROC_NAME"},
		{"a.out", "no_such", "entry", "D_PROC_FUNC"},
	} {
		_, err := p.Expand(tc.mod, tc.fn, tc.name)
		var de *DescError
		if !errors.As(err, &de) || de.Tag != tc.tag {
			t.Errorf("%s:%s:%s: %v, want %s", tc.mod, tc.fn, tc.name, err, tc.tag)
		}
	}
	if ps, err := p.Expand("*", "no_such", "entry"); err != nil || len(ps) != 0 {
		t.Errorf("*:no_such:entry = %q, %v", names(ps), err)
	}

	// strlen is an IFUNC: the probe is at the implementation, not at the
	// resolver its symbol names.
	ps, err = p.Expand("libc.so.6", "strlen", "entry")
	if err != nil || len(ps) != 1 || ps[0].Function != "strlen" {
		t.Fatalf("libc.so.6:strlen:entry = %q, %v", names(ps), err)
	}
	d := ps[0].Data.(*Probe)
	resolver := d.Object.Image.FuncsNamed("strlen")[0]
	if !resolver.IFunc || d.Func.Value == resolver.Value || d.Func.IFunc {
		t.Errorf("strlen's probe is at %s %#x, the resolver at %#x", d.Func.Name, d.Func.Value, resolver.Value)
	}

	ps, err = p.Expand("a.out", "asm_sum", "")
	if err != nil {
		t.Fatal(err)
	}
	if d := ps[0].Data.(*Probe); d.Kind != KindReturn || !slices.Equal(d.Returns, []int{6}) {
		t.Errorf("asm_sum's return probe at %v, want its ret at 6", d.Returns)
	}
	atts, err := p.Plan(ps)
	if err != nil || len(atts) != 1 || len(atts[0].Probes) != 5 {
		t.Fatalf("Plan = %d attachments, %v: want one program, of uprobes only", len(atts), err)
	}

	// _start, which the kernel enters without a call, never returns: no
	// return probe (a uretprobe would have replaced argc), and Omitted
	// says why; named exactly, its return probe is an error.
	ps, err = p.Expand("a.out", "_st*", "")
	if err != nil || len(ps) == 0 || ps[0].Name != "entry" {
		t.Errorf("a.out:_st*: = %q, %v: want no return probe", names(ps), err)
	}
	if want := (providers.Omission{Provider: p.Name(), Module: "prog", Function: "_start", Name: "return", Why: noReturnInsn}); !slices.Contains(p.Omitted(), want) {
		t.Errorf("Omitted() = %+v, want %+v", p.Omitted(), want)
	}
	_, err = p.Expand("a.out", "_start", "return")
	var de *DescError
	if !errors.As(err, &de) || de.Tag != "D_PROC_CREATEFAIL" || !strings.Contains(err.Error(), "no return instruction") {
		t.Errorf("a.out:_start:return: %v", err)
	}

	if _, err := NewFactory(&uproc.Cache{}).NewProvider("pid1073741823"); !errors.Is(err, uproc.ErrNoProcess) {
		t.Errorf("a process that does not exist: %v", err)
	}
	if p, err := NewFactory(&uproc.Cache{}).NewProvider("python1"); p != nil || err != nil {
		t.Errorf("python1: %v, %v", p, err)
	}
}

// TestExpandGo places a Go function's probes: its entry past its stack
// check, its return on its return instructions, with Go's registers.
func TestExpandGo(t *testing.T) {
	goTool := need(t, "go")
	dir := t.TempDir()
	for _, flags := range []string{"", "-s -w"} {
		path := filepath.Join(dir, "goprog"+strings.ReplaceAll(flags, " ", ""))
		build(t, path, goTool, "build", "-ldflags="+flags, "-o", path, "./testdata/goprog")
		pid := start(t, path, filepath.Base(path))
		p := provider(t, pid)
		ps, err := p.Expand("a.out", "main.recurse", "")
		if err != nil || len(ps) < 3 || ps[0].Name != "return" || ps[1].Name != "entry" {
			t.Fatalf("%q: a.out:main.recurse: = %q, %v", flags, names(ps), err)
		}
		entry, ret := ps[1], ps[0]
		if d := entry.Data.(*Probe); !d.Go {
			t.Errorf("%q: main.recurse is not Go", flags)
		}
		es, err := sitesOf(entry, entry.Data.(*Probe))
		if err != nil || len(es) != 1 {
			t.Fatalf("entry sites: %v, %v", es, err)
		}
		d := entry.Data.(*Probe)
		start, _ := d.Object.Image.FileOffset(d.Func.Value)
		if es[0].Offset <= start {
			t.Errorf("%q: entry site at %#x, the function at %#x: not past its stack check", flags, es[0].Offset, start)
		}
		if f, ok := es[0].Fill.(uprobe.RegArgs); !ok || !slices.Equal(f.Regs, uprobe.GoArgs) {
			t.Errorf("%q: entry fill %+v", flags, es[0].Fill)
		}
		rs, err := sitesOf(ret, ret.Data.(*Probe))
		if err != nil || len(rs) == 0 {
			t.Fatalf("return sites: %v, %v", rs, err)
		}
		for _, s := range rs {
			f, ok := s.Fill.(uprobe.ReturnArgs)
			if !ok || f.Offset <= 0 || s.Offset != start+uint64(f.Offset) {
				t.Errorf("%q: return site %+v: not a uprobe on a return instruction", flags, s)
			}
		}
	}
}
