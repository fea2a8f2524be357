package rawfbt

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/fbt"
)

// names returns the catalog's functions as MODULE`FUNC, in order.
func names(c *catalog) []string {
	var out []string
	for _, m := range c.mods {
		for _, f := range m.funcs {
			out = append(out, m.name+"`"+f)
		}
	}
	return out
}

// TestParseFilter checks the reading of available_filter_functions:
// compiler-made copies kept, a name once per module, vmlinux's first,
// then the modules by name, the placeholders of discarded code left out.
func TestParseFilter(t *testing.T) {
	data := "do_sys_openat2\n" +
		"do_execveat_common.isra.0\n" +
		"__ftrace_invalid_address___64\n" +
		"t_next\n" +
		"link_path_walk.part.0.constprop.0\n" +
		"t_next\n" +
		"xfs_iread [xfs]\n" +
		"ext4_fill_super.cold [ext4]\n" +
		"ext4_read_inode_bitmap.isra.0 [ext4]\n" +
		"t_next [ext4]\n"
	c := parseFilter([]byte(data))
	want := []string{"vmlinux`do_sys_openat2", "vmlinux`do_execveat_common.isra.0", "vmlinux`t_next", "vmlinux`link_path_walk.part.0.constprop.0",
		"ext4`ext4_fill_super.cold", "ext4`ext4_read_inode_bitmap.isra.0", "ext4`t_next", "xfs`xfs_iread"}
	if got := names(c); !slices.Equal(got, want) || c.n != len(want) {
		t.Errorf("catalog %v (%d), want %v", got, c.n, want)
	}
}

// TestParseKallsyms checks the reading of /proc/kallsyms: its text
// symbols, compiler-made copies kept, padding, data and the code made
// as the kernel runs (BPF programs, trampolines) left out.
func TestParseKallsyms(t *testing.T) {
	data := "ffffffff81000000 T _stext\n" +
		"ffffffff81200100 t __pfx_class_preempt_notrace_destructor.isra.0\n" +
		"ffffffff81200110 t class_preempt_notrace_destructor.isra.0\n" +
		"ffffffff8120106f t __parse_discovery_table.isra.0.cold\n" +
		"ffffffff81201000 t __cfi_do_sys_openat2\n" +
		"ffffffff81201010 T do_sys_openat2\n" +
		"ffffffff82000000 D init_task\n" +
		"ffffffff82000100 d tasklist_lock\n" +
		"ffffffffc0001000 t ext4_fill_super\t[ext4]\n" +
		"ffffffffc0201000 t ftrace_trampoline\t[__builtin__ftrace]\n" +
		"ffffffffc0025ba0 t bpf_prog_00dbda1b7566c1a6_pid12351_uprobe\t[bpf]\n" +
		"ffffffffc0002000 d ext4_fs_type\t[ext4]\n"
	c := parseKallsyms([]byte(data))
	want := []string{"vmlinux`_stext", "vmlinux`class_preempt_notrace_destructor.isra.0", "vmlinux`__parse_discovery_table.isra.0.cold",
		"vmlinux`do_sys_openat2", "ext4`ext4_fill_super"}
	if got := names(c); !slices.Equal(got, want) {
		t.Errorf("catalog %v, want %v", got, want)
	}
}

// fixture returns a system whose tracefs holds filter as its
// available_filter_functions ("" for none).
func fixture(t *testing.T, filter string) providers.System {
	dir := t.TempDir()
	if filter != "" {
		if err := os.WriteFile(filepath.Join(dir, "available_filter_functions"), []byte(filter), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return providers.System{Tracefs: dir}
}

// desc renders a probe's four fields.
func desc(pr *providers.Probe) string {
	return strings.Join([]string{pr.Provider, pr.Module, pr.Function, pr.Name}, ":")
}

// TestExpand checks the probes made for descriptions of a fixture's
// functions: an entry and a return probe each, untyped, as the fields
// match them; none where another system's tracefs lists no functions.
func TestExpand(t *testing.T) {
	p := New(fixture(t, "vfs_read\ndo_execveat_common.isra.0\next4_fill_super.cold [ext4]\n"))
	for _, c := range []struct {
		module, function, name string
		want                   []string
	}{
		{"", "", "", []string{"rawfbt:vmlinux:vfs_read:entry", "rawfbt:vmlinux:vfs_read:return",
			"rawfbt:vmlinux:do_execveat_common.isra.0:entry", "rawfbt:vmlinux:do_execveat_common.isra.0:return",
			"rawfbt:ext4:ext4_fill_super.cold:entry", "rawfbt:ext4:ext4_fill_super.cold:return"}},
		{"vmlinux", "*.isra.*", "entry", []string{"rawfbt:vmlinux:do_execveat_common.isra.0:entry"}},
		{"", "ext4_fill_super.cold", "", []string{"rawfbt:ext4:ext4_fill_super.cold:entry", "rawfbt:ext4:ext4_fill_super.cold:return"}},
		{"", "", "ret*", []string{"rawfbt:vmlinux:vfs_read:return", "rawfbt:vmlinux:do_execveat_common.isra.0:return",
			"rawfbt:ext4:ext4_fill_super.cold:return"}},
		{"", "", "BEGIN", nil},
		{"xfs", "", "", nil},
	} {
		ps, err := p.Expand(c.module, c.function, c.name)
		var got []string
		for _, pr := range ps {
			got = append(got, desc(pr))
			if ts, err := p.ArgTypes(pr); pr.NArgs != -1 || ts != nil || err != nil {
				t.Errorf("%s: NArgs %d, types %v %v", desc(pr), pr.NArgs, ts, err)
			}
		}
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("%s:%s:%s: %v %v, want %v", c.module, c.function, c.name, got, err, c.want)
		}
	}
	if ps, err := p.Probes(); ps != nil || err != nil {
		t.Errorf("Probes: %v %v", ps, err)
	}
	empty := New(fixture(t, ""))
	if ps, err := empty.Expand("", "", ""); len(ps) != 0 || err != nil {
		t.Errorf("without available_filter_functions: %d probes, %v", len(ps), err)
	}
}

// TestRegistry checks rawfbt in a registry: its probes are made for the
// descriptions that name it, after the listed probes, and a description
// whose provider field is a pattern matches those made already.
func TestRegistry(t *testing.T) {
	r, err := providers.NewRegistry(New(fixture(t, "vfs_read\ndo_execveat_common.isra.0\n")))
	if err != nil {
		t.Fatal(err)
	}
	if ps, err := r.List(); len(ps) != 0 || err != nil {
		t.Errorf("listed %d probes, %v", len(ps), err)
	}
	if ps, err := r.Match("", "", "", "entry"); len(ps) != 0 || err != nil {
		t.Errorf(":::entry before rawfbt was named: %d probes, %v", len(ps), err)
	}
	ps, err := r.Match("rawfbt", "", "*.isra.0", "")
	if err != nil || len(ps) != 2 || desc(ps[0]) != "rawfbt:vmlinux:do_execveat_common.isra.0:entry" || ps[0].ID != 1 || ps[1].ID != 2 {
		t.Fatalf("rawfbt::*.isra.0: %v %v", ps, err)
	}
	ps, err = r.Match("*", "", "", "entry")
	if err != nil || len(ps) != 1 || ps[0].ID != 1 {
		t.Errorf("*:::entry: %v %v", ps, err)
	}
}

// TestLiveList checks what is listed on this machine: the functions of
// available_filter_functions where it can be read, else those of
// kallsyms, compiler-made copies among them.
func TestLiveList(t *testing.T) {
	if _, err := os.Stat("/proc/kallsyms"); err != nil {
		t.Skip(err)
	}
	p := New(providers.System{})
	ps, err := p.Expand("", "", "")
	if err != nil {
		t.Fatal(err)
	}
	n, copies := len(ps), 0
	for _, pr := range ps {
		if strings.Contains(pr.Function, ".isra.") || strings.Contains(pr.Function, ".constprop.") {
			copies++
		}
	}
	if n < 2000 || copies == 0 {
		t.Errorf("%d probes, %d of compiler-made copies", n, copies)
	}
	t.Logf("%d probes, %d of compiler-made copies", n, copies)
}

// TestPlanHere checks that where the kernel has no kprobes (this host)
// enabling a probe says so in one line, and that fentry is refused.
func TestPlanHere(t *testing.T) {
	if _, err := os.Stat("/sys/bus/event_source/devices/kprobe/type"); err == nil {
		t.Skip("this kernel has kprobes: the guests' tests cover them")
	}
	p := New(fixture(t, "vfs_read\n"))
	ps, err := p.Expand("", "", "")
	if err != nil {
		t.Fatal(err)
	}
	ps[0].ID = 1
	_, err = p.Plan(ps[:1])
	var ke *providers.KernelError
	if !errors.As(err, &ke) || err.Error() != "rawfbt probes are not supported by this kernel: it has no kprobes (CONFIG_KPROBES)" {
		t.Errorf("Plan: %v", err)
	}
	t.Setenv(fbt.ModeEnv, "fentry")
	if _, err := p.Plan(ps[:1]); err == nil || !strings.Contains(err.Error(), "kprobes only") {
		t.Errorf("Plan with fentry: %v", err)
	}
	notRaw := &providers.Probe{Provider: "fbt", Module: "vmlinux", Function: "vfs_read", Name: "entry"}
	if _, err := p.Plan([]*providers.Probe{notRaw}); err == nil {
		t.Error("Plan of an fbt probe succeeded")
	}
}
