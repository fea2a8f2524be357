package fbt

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	ciliumfeatures "github.com/cilium/ebpf/features"
	"golang.org/x/sys/unix"

	"github.com/dtrace-go/dtrace/internal/kbtf"
	"github.com/dtrace-go/dtrace/internal/kbtf/kbtftest"
	"github.com/dtrace-go/dtrace/internal/vm/vmtest"
	"github.com/dtrace-go/dtrace/providers"
)

// fixture writes a kernel's BTF (vmlinux and an ext4 module) and, when
// filter is not empty, tracefs's available_filter_functions, and returns
// the System reading them.
func fixture(t *testing.T, filter string) providers.System {
	t.Helper()
	dir := t.TempDir()
	b := kbtftest.New()
	intT := b.Int("int", 4, kbtf.IntSigned)
	longT := b.Int("long", 8, kbtf.IntSigned)
	charT := b.Int("char", 1, kbtf.IntSigned)
	file := b.Struct("file", false, 8, kbtftest.Member{Name: "f_flags", Type: intT})
	pair := b.Struct("pair", false, 16, kbtftest.Member{Name: "a", Type: longT}, kbtftest.Member{Name: "b", Type: longT, Offset: 64})
	big := b.Struct("big", false, 24, kbtftest.Member{Name: "a", Type: longT})
	filePtr := b.Ref(kbtf.KindPtr, "", file)
	charPtr := b.Ref(kbtf.KindPtr, "", charT)
	longPtr := b.Ref(kbtf.KindPtr, "", longT)
	ssize := b.Ref(kbtf.KindTypedef, "ssize_t", longT)
	fn := func(name string, proto kbtf.TypeID) { b.Add(kbtf.KindFunc, name, false, 1, uint32(proto)) }
	fn("vfs_read", b.Proto(ssize, filePtr, charPtr, longT, longPtr))
	fn("take_pair", b.Proto(0, pair, intT))
	fn("take_big", b.Proto(intT, big))
	fn("vfs_read", b.Proto(intT)) // a static function of the same name
	many := make([]kbtf.TypeID, 13)
	for i := range many {
		many[i] = intT
	}
	fn("many_args", b.Proto(intT, many...))
	fn("printk", b.Proto(intT, charPtr, 0))
	ext4 := b.Split()
	fn2 := func(name string, proto kbtf.TypeID) { ext4.Add(kbtf.KindFunc, name, false, 1, uint32(proto)) }
	inode := ext4.Struct("ext4_inode_info", false, 8, kbtftest.Member{Name: "i_flags", Type: intT})
	fn2("ext4_file_read_iter", ext4.Proto(intT, filePtr, ext4.Ref(kbtf.KindPtr, "", inode)))
	for name, data := range map[string][]byte{"vmlinux": b.Bytes(), "ext4": ext4.Bytes()} {
		p := filepath.Join(dir, "btf", name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tracing := filepath.Join(dir, "tracing")
	os.MkdirAll(tracing, 0o755)
	os.WriteFile(filepath.Join(tracing, "available_events"), nil, 0o644)
	if filter != "" {
		os.WriteFile(filepath.Join(tracing, "available_filter_functions"), []byte(filter), 0o644)
	}
	return providers.System{BTF: filepath.Join(dir, "btf", "vmlinux"), Tracefs: tracing}
}

func names(ps []*providers.Probe) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Provider+":"+p.Module+":"+p.Function+":"+p.Name)
	}
	return out
}

// TestProbesFromBTF checks the probes of the kernel's BTF: an entry and a
// return probe for each function, once per name, vmlinux's then each
// module's.
func TestProbesFromBTF(t *testing.T) {
	p := New(fixture(t, ""))
	ps, err := p.Probes()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"fbt:vmlinux:vfs_read:entry", "fbt:vmlinux:vfs_read:return",
		"fbt:vmlinux:take_pair:entry", "fbt:vmlinux:take_pair:return",
		"fbt:vmlinux:take_big:entry", "fbt:vmlinux:take_big:return",
		"fbt:vmlinux:many_args:entry", "fbt:vmlinux:many_args:return",
		"fbt:vmlinux:printk:entry", "fbt:vmlinux:printk:return",
		"fbt:ext4:ext4_file_read_iter:entry", "fbt:ext4:ext4_file_read_iter:return",
	}
	if got := names(ps); !slices.Equal(got, want) {
		t.Errorf("probes:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !p.HasName("entry") || !p.HasName("return") || p.HasName("BEGIN") {
		t.Error("HasName: entry and return only")
	}
}

// TestProbesFiltered checks that available_filter_functions, where it can
// be read, says what can be probed: BTF's functions it lists, and the
// functions it lists that BTF does not describe, untyped; never
// compiler-made copies, nor the placeholders of the call sites it found
// in no function.
func TestProbesFiltered(t *testing.T) {
	p := New(fixture(t, "take_pair\nvfs_read\nfoo.isra.0\n__ftrace_invalid_address___352\nno_btf_func\next4_file_read_iter [ext4]\nvfat_read [vfat]\n"))
	ps, err := p.Probes()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"fbt:vmlinux:vfs_read:entry", "fbt:vmlinux:vfs_read:return",
		"fbt:vmlinux:take_pair:entry", "fbt:vmlinux:take_pair:return",
		"fbt:vmlinux:no_btf_func:entry", "fbt:vmlinux:no_btf_func:return",
		"fbt:ext4:ext4_file_read_iter:entry", "fbt:ext4:ext4_file_read_iter:return",
		"fbt:vfat:vfat_read:entry", "fbt:vfat:vfat_read:return",
	}
	if got := names(ps); !slices.Equal(got, want) {
		t.Errorf("probes:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if _, known, err := p.ArgDescs(ps[4]); known || err != nil {
		t.Errorf("no_btf_func: arguments known %v, %v", known, err)
	}
	if n := nargs(ps[4]); n != -1 {
		t.Errorf("no_btf_func: %d argument slots, want -1 (unknown)", n)
	}
}

// TestArgs checks the argument types and slots: one slot per scalar or
// pointer, two for a struct of 9 to 16 bytes, none known for a struct
// passed in memory or more slots than a program has; return probes'
// args[0] uint64_t and args[1] the function's return type.
func TestArgs(t *testing.T) {
	p := New(fixture(t, ""))
	ps, err := p.Probes()
	if err != nil {
		t.Fatal(err)
	}
	type arg struct {
		typ  string
		slot int
	}
	for _, c := range []struct {
		probe int
		args  []arg // nil: not known
		nargs int
	}{
		{0, []arg{{"struct file *", 0}, {"char *", 1}, {"long", 2}, {"long *", 3}}, 4},
		{1, []arg{{"uint64_t", 0}, {"ssize_t", 1}}, 2},
		{2, []arg{{"struct pair", 0}, {"int", 2}}, 3},
		{3, []arg{{"uint64_t", 0}}, 1},
		{4, nil, -1},
		{5, []arg{{"uint64_t", 0}, {"int", 1}}, 2},
		{6, nil, -1},
		{8, []arg{{"char *", 0}}, 1},
		{10, []arg{{"struct file *", 0}, {"struct ext4_inode_info *", 1}}, 2},
	} {
		pr := ps[c.probe]
		descs, known, err := p.ArgDescs(pr)
		if err != nil {
			t.Fatalf("%s:%s: %v", pr.Function, pr.Name, err)
		}
		var got []arg
		for _, d := range descs {
			got = append(got, arg{d.Type, d.Slot})
			if d.BTF != nil && d.ID == 0 {
				t.Errorf("%s:%s: %s has BTF but no type id", pr.Function, pr.Name, d.Type)
			}
		}
		if known != (c.args != nil) || !slices.Equal(got, c.args) {
			t.Errorf("%s:%s: args %v (known %v), want %v", pr.Function, pr.Name, got, known, c.args)
		}
		if n := nargs(pr); n != c.nargs {
			t.Errorf("%s:%s: %d slots, want %d", pr.Function, pr.Name, n, c.nargs)
		}
		types, _ := p.ArgTypes(pr)
		if len(types) != len(c.args) {
			t.Errorf("%s:%s: ArgTypes %q, not ArgDescs's", pr.Function, pr.Name, types)
		}
	}
}

// TestNameSet checks the set that keeps each function name once: the
// first index of each name, and every other index of it found as that
// one; with enough names to make the hashes' tags collide and probe
// sequences wrap.
func TestNameSet(t *testing.T) {
	var list []string
	for i := range 3000 {
		list = append(list, fmt.Sprint("f", i%1000), "")
	}
	s := newNameSet(list)
	for i, n := range list {
		j, dup := s.insert(i)
		first := slices.Index(list, n)
		if dup != (i != first) || j != first {
			t.Fatalf("insert(%d) of %q: %d, %v; want %d, %v", i, n, j, dup, first, i != first)
		}
	}
	for _, n := range []string{"f0", "f999", ""} {
		if j, ok := s.find(n); !ok || j != slices.Index(list, n) {
			t.Errorf("find(%q): %d, %v", n, j, ok)
		}
	}
	if j, ok := s.find("f1000"); ok {
		t.Errorf("find(f1000): %d, found", j)
	}
}

// TestKernelRefuses checks what enabling an fbt probe says on a kernel
// without kprobes that refuses fentry programs (this development VM's): a
// KernelError of one line saying why.
func TestKernelRefuses(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to load a program")
	}
	sys := providers.System{}.Shared()
	p := New(sys)
	if haveKprobes(sys) == nil {
		t.Skip("this kernel has kprobes")
	}
	r, err := providers.NewRegistry(p)
	if err != nil {
		t.Fatal(err)
	}
	ps, err := r.Match("fbt", "", "vfs_read", "entry")
	if err != nil || len(ps) != 1 {
		t.Fatalf("fbt::vfs_read:entry: %v, %v", ps, err)
	}
	if p.fentryWorks(ps[0].Function) == nil {
		t.Skip("this kernel allows fentry")
	}
	_, err = p.Plan(ps)
	var ke *providers.KernelError
	if !errors.As(err, &ke) {
		t.Fatalf("Plan: %v, want a KernelError", err)
	}
	const want = "fbt probes are not supported by this kernel: it has no kprobes (CONFIG_KPROBES) and it refuses fentry programs ("
	if !strings.HasPrefix(ke.Reason, want) || strings.Contains(ke.Reason, "\n") {
		t.Errorf("reason %q, want one line starting %q", ke.Reason, want)
	}
}

// TestGuestKprobeMulti checks the probe of kprobe_multi links against
// cilium/ebpf's, which attaches one: the same answer, found by the
// kernel's count of the functions (6.12: E2BIG) or its refusal (6.1, built
// without CONFIG_FPROBE: EOPNOTSUPP), without cilium/ebpf's probe.
func TestGuestKprobeMulti(t *testing.T) {
	guest := vmtest.Guest(t)
	prog, err := ebpf.NewProgram(&ebpf.ProgramSpec{
		Type:         ebpf.Kprobe,
		AttachType:   ebpf.AttachTraceKprobeMulti,
		Instructions: asm.Instructions{asm.Mov.Imm(asm.R0, 0), asm.Return()},
		License:      "GPL",
	})
	if err != nil {
		t.Fatal(err)
	}
	defer prog.Close()
	want := map[string]error{"6.12": unix.E2BIG, "6.1": unix.EOPNOTSUPP}[guest]
	if err := linkTooMany(prog); want != nil && !errors.Is(err, want) {
		t.Errorf("guest %s: link on too many functions: %v, want %v", guest, err, want)
	}
	have, cilium := haveKprobeMulti(), ciliumfeatures.HaveBPFLinkKprobeMulti()
	if (have == nil) != (cilium == nil) {
		t.Errorf("guest %s: kprobe_multi links: %v; cilium/ebpf's probe: %v", guest, have, cilium)
	}
}
