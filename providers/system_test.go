package providers_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/dtrace-go/dtrace/internal/kbtf"
	"github.com/dtrace-go/dtrace/internal/kbtf/kbtftest"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/builtin"
)

// copyFixture copies the fixture system (testdata/system) to a directory
// the test may change, and returns a System reading it.
func copyFixture(t *testing.T) providers.System {
	t.Helper()
	dir := t.TempDir()
	err := filepath.WalkDir("testdata/system", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel("testdata/system", path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return providers.System{Tracefs: filepath.Join(dir, "tracing"), BTF: filepath.Join(dir, "btf", "vmlinux")}
}

// argTypes describes the probe of provider prov called name.
func argTypes(t *testing.T, r *providers.Registry, prov, name string) ([]string, error) {
	t.Helper()
	ps, err := r.Match(prov, "", "", name)
	if err != nil || len(ps) != 1 {
		t.Fatalf("%s:::%s: %v, %v", prov, name, ps, err)
	}
	return r.Provider(prov).(providers.Describer).ArgTypes(ps[0])
}

// TestRegistriesShareNothing checks that the providers of one registry
// read tracefs and BTF once between them, and that another registry over
// the same directories reads them again: nothing is kept by the process.
func TestRegistriesShareNothing(t *testing.T) {
	sys := copyFixture(t)
	r := builtin.Registry(sys)
	if ps, err := r.Match("syscall", "", "read", "entry"); err != nil || len(ps) != 1 {
		t.Fatalf("syscall::read:entry: %v, %v", ps, err)
	}
	if ts, err := argTypes(t, r, "sdt", "sched_switch"); err != nil || len(ts) != 4 {
		t.Fatalf("sdt:::sched_switch: %q, %v", ts, err)
	}
	if err := os.Remove(filepath.Join(sys.Tracefs, "available_events")); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(sys.BTF); err != nil {
		t.Fatal(err)
	}

	// The registry's other providers have what its syscall and sdt
	// providers read.
	if ps, err := r.Match("perf", "", "", "irq_handler_entry"); err != nil || len(ps) != 1 {
		t.Errorf("perf:::irq_handler_entry after tracefs went: %v, %v", ps, err)
	}
	if ts, err := argTypes(t, r, "rawtp", "sched_process_fork"); err != nil || len(ts) != 2 {
		t.Errorf("rawtp:::sched_process_fork after BTF went: %q, %v", ts, err)
	}

	// A new registry reads the files again, and finds them gone.
	r2 := builtin.Registry(sys)
	if _, err := r2.Match("perf", "", "", "irq_handler_entry"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("perf:::irq_handler_entry of a new registry: %v", err)
	}
	ps, _ := r.Match("sdt", "", "", "sched_switch")
	if _, err := r2.Provider("sdt").(providers.Describer).ArgTypes(ps[0]); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("sdt:::sched_switch of a new registry: %v", err)
	}
}

func TestSystemCache(t *testing.T) {
	sys := copyFixture(t)
	shared := sys.Shared()
	if again := shared.Shared(); again != shared {
		t.Error("Shared of a shared System made another cache")
	}
	cat, err := shared.Events()
	if err != nil {
		t.Fatal(err)
	}
	spec, err := shared.KernelBTF()
	if err != nil {
		t.Fatal(err)
	}
	copied := shared
	if c, _ := copied.Events(); c != cat {
		t.Error("a copy of a shared System read tracefs again")
	}
	if s, _ := copied.KernelBTF(); s != spec {
		t.Error("a copy of a shared System read BTF again")
	}
	other := sys.Shared()
	if c, _ := other.Events(); c == cat {
		t.Error("two shared Systems share their tracefs catalog")
	}
	if s, _ := other.KernelBTF(); s == spec {
		t.Error("two shared Systems share their BTF")
	}
	if c, _ := sys.Events(); c == cat {
		t.Error("a System without a cache returned a cached catalog")
	}
}

// TestModuleBTF reads a module's split BTF beside a kernel's.
func TestModuleBTF(t *testing.T) {
	dir := t.TempDir()
	b := kbtftest.New()
	intT := b.Int("int", 4, kbtf.IntSigned)
	b.Ref(kbtf.KindTypedef, "pid_t", intT)
	base := b.Bytes()
	s := b.Split()
	s.Ref(kbtf.KindFunc, "mod_init", s.Proto(intT))
	for name, data := range map[string][]byte{"vmlinux": base, "mod": s.Bytes()} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	for _, sys := range []providers.System{
		{BTF: filepath.Join(dir, "vmlinux")},
		providers.System{BTF: filepath.Join(dir, "vmlinux")}.Shared(),
	} {
		mod, err := sys.ModuleBTF("mod")
		if err != nil {
			t.Fatal(err)
		}
		id, ok := mod.TypeByName(kbtf.KindFunc, "mod_init")
		fn, _ := mod.Type(id)
		proto, _ := mod.Type(fn.Ref())
		if ret, _ := mod.Type(proto.Ref()); !ok || ret.Name() != "int" {
			t.Errorf("mod_init: %d %v, returns %q", id, ok, ret.Name())
		}
		vmlinux, err := sys.KernelBTF()
		if err != nil {
			t.Fatal(err)
		}
		again, _ := sys.ModuleBTF("mod")
		if shared := again == mod; shared != (mod.Base() == vmlinux) {
			t.Errorf("module BTF read once %v, over the kernel's BTF read once %v", shared, mod.Base() == vmlinux)
		}

		if _, err := sys.ModuleBTF("nosuch"); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("a module without BTF: %v", err)
		}
		for _, name := range []string{"", "vmlinux", "..", "../mod", "a/b"} {
			if _, err := sys.ModuleBTF(name); !errors.Is(err, providers.ErrNoModule) {
				t.Errorf("module %q: %v", name, err)
			}
		}
	}
}
