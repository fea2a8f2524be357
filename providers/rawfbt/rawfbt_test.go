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

// TestProbes checks the probes of a fixture's functions: an entry and a
// return probe each, untyped, the same from Probes and EachProbe, and
// none where another system's tracefs lists no functions.
func TestProbes(t *testing.T) {
	p := New(fixture(t, "vfs_read\ndo_execveat_common.isra.0\next4_fill_super.cold [ext4]\n"))
	ps, err := p.Probes()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, pr := range ps {
		got = append(got, strings.Join([]string{pr.Provider, pr.Module, pr.Function, pr.Name}, ":"))
		if pr.NArgs != -1 {
			t.Errorf("%s: NArgs %d", got[len(got)-1], pr.NArgs)
		}
		if ts, err := p.ArgTypes(pr); ts != nil || err != nil {
			t.Errorf("%s: types %v %v", got[len(got)-1], ts, err)
		}
	}
	want := []string{"rawfbt:vmlinux:vfs_read:entry", "rawfbt:vmlinux:vfs_read:return",
		"rawfbt:vmlinux:do_execveat_common.isra.0:entry", "rawfbt:vmlinux:do_execveat_common.isra.0:return",
		"rawfbt:ext4:ext4_fill_super.cold:entry", "rawfbt:ext4:ext4_fill_super.cold:return"}
	if !slices.Equal(got, want) {
		t.Errorf("probes %v, want %v", got, want)
	}
	n, err := p.NumProbes()
	var each []string
	p.EachProbe(func(pr *providers.Probe) bool {
		each = append(each, strings.Join([]string{pr.Provider, pr.Module, pr.Function, pr.Name}, ":"))
		return true
	})
	if n != len(want) || err != nil || !slices.Equal(each, want) {
		t.Errorf("NumProbes %d %v, EachProbe %v", n, err, each)
	}
	if !p.HasName("entry") || !p.HasName("return") || p.HasName("BEGIN") {
		t.Error("HasName")
	}

	empty := New(fixture(t, ""))
	if ps, err := empty.Probes(); len(ps) != 0 || err != nil {
		t.Errorf("without available_filter_functions: %d probes, %v", len(ps), err)
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
	n, err := p.NumProbes()
	if err != nil {
		t.Fatal(err)
	}
	copies := 0
	p.EachProbe(func(pr *providers.Probe) bool {
		if strings.Contains(pr.Function, ".isra.") || strings.Contains(pr.Function, ".constprop.") {
			copies++
		}
		return true
	})
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
	ps, err := p.Probes()
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
