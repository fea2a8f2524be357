package ktypes_test

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/dtrace-go/dtrace/dscript/check"
	"github.com/dtrace-go/dtrace/dscript/ktypes"
	"github.com/dtrace-go/dtrace/dscript/types"
)

var _ check.Kernel = (*ktypes.Kernel)(nil)

// kernel returns a fresh Kernel on the running kernel's BTF, skipping the
// test where there is none unless DTRACE_TEST_REQUIRE_BPF=1 demands it.
func kernel(tb testing.TB) *ktypes.Kernel {
	tb.Helper()
	if _, err := os.Stat(ktypes.DefaultPath); err != nil {
		if os.Getenv("DTRACE_TEST_REQUIRE_BPF") == "1" {
			tb.Fatalf("kernel BTF required: %v", err)
		}
		tb.Skipf("no kernel BTF: %v", err)
	}
	k := ktypes.Open("")
	if err := k.Err(); err != nil {
		tb.Fatalf("loading %s: %v", ktypes.DefaultPath, err)
	}
	return k
}

// member follows the checker's path for "x.name": the record must be
// complete and have the member. complete stands for the checker's hook
// that asks the kernel for an incomplete vmlinux record by its tag.
func member(t *testing.T, k *ktypes.Kernel, rec *types.Type, name string) types.Member {
	t.Helper()
	r := rec.Resolve()
	if !r.IsComplete() && r.Module == ktypes.Module {
		kw := "struct"
		if r.Kind == types.Union {
			kw = "union"
		}
		if c := k.Type(kw, r.Name); c != r {
			t.Fatalf("Type(%s, %s) = %p, want the shell %p completed in place", kw, r.Name, c, r)
		}
	}
	if !r.IsComplete() {
		t.Fatalf("%v is incomplete", rec)
	}
	m, ok := rec.Member(name)
	if !ok {
		t.Fatalf("%s is not a member of %v", name, rec)
	}
	return m
}

// arrow follows "p->name".
func arrow(t *testing.T, k *ktypes.Kernel, p *types.Type, name string) types.Member {
	t.Helper()
	r := p.Resolve()
	if r.Kind != types.Pointer || !r.Elem.IsRecord() {
		t.Fatalf("%v is not a pointer to a struct or union", p)
	}
	return member(t, k, r.Elem, name)
}

func TestTaskStruct(t *testing.T) {
	k := kernel(t)
	ts := k.Type("struct", "task_struct")
	if ts == nil {
		t.Fatal("no struct task_struct")
	}
	if ts.Kind != types.Struct || ts.Name != "task_struct" || ts.Module != "vmlinux" || !ts.Complete || ts.Size < 1000 {
		t.Fatalf("task_struct = %+v", *ts)
	}
	if got := ts.String(); got != "struct task_struct" {
		t.Errorf("String() = %q", got)
	}
	if again := k.Type("struct", "task_struct"); again != ts {
		t.Error("a second lookup gave a different *Type")
	}

	curthread := types.PointerTo(ts)

	// curthread->pid
	pid := arrow(t, k, curthread, "pid")
	if pid.Type.String() != "pid_t" || pid.Type.Resolve() != types.IntType || pid.Bits != 0 || pid.Offset <= 0 {
		t.Errorf("pid: %v (%v) at %d", pid.Type, pid.Type.Resolve(), pid.Offset)
	}

	// curthread->comm
	comm := arrow(t, k, curthread, "comm")
	if r := comm.Type.Resolve(); r.Kind != types.Array || r.Len != 16 || !r.Elem.IsCharLike() || !comm.Type.IsStringLike() {
		t.Errorf("comm: %v", comm.Type)
	}
	if got := comm.Type.String(); got != "char [16]" {
		t.Errorf("comm type prints %q", got)
	}

	// curthread->real_parent->pid: the pointer leads back to the same type.
	rp := arrow(t, k, curthread, "real_parent")
	if rp.Type.Resolve().Kind != types.Pointer || rp.Type.Resolve().Elem.Resolve() != ts {
		t.Errorf("real_parent: %v is not a pointer to the task_struct returned", rp.Type)
	}
	if p2 := arrow(t, k, rp.Type, "pid"); p2 != pid {
		t.Errorf("real_parent->pid = %+v, want %+v", p2, pid)
	}

	// curthread->mm->mmap_base: mm_struct starts as a shell and is
	// completed in place when asked for.
	mm := arrow(t, k, curthread, "mm")
	mmRec := mm.Type.Resolve().Elem.Resolve()
	if mmRec.Kind != types.Struct || mmRec.Name != "mm_struct" || mmRec.Size == 0 {
		t.Fatalf("mm: %v (size %d)", mm.Type, mmRec.Size)
	}
	base := arrow(t, k, mm.Type, "mmap_base")
	if base.Type.Resolve() != types.ULongType {
		t.Errorf("mmap_base: %v", base.Type)
	}
	if !mmRec.Complete {
		t.Error("mm_struct shell not completed in place")
	}

	// ((struct task_struct *)arg0)->comm
	cast := types.PointerTo(k.Type("struct", "task_struct"))
	if c := arrow(t, k, cast, "comm"); c != comm {
		t.Errorf("cast ->comm = %+v, want %+v", c, comm)
	}

	// A struct held by value is complete with its holder.
	se := member(t, k, ts, "se")
	if r := se.Type.Resolve(); !r.Complete || r.Name != "sched_entity" {
		t.Errorf("se: %v complete=%v", se.Type, r.Complete)
	}
	if _, ok := se.Type.Member("vruntime"); !ok {
		t.Error("se.vruntime missing")
	}

	// Bitfields.
	var bf *types.Member
	for i, m := range ts.Members {
		if m.Bits != 0 {
			bf = &ts.Members[i]
			break
		}
	}
	if bf == nil {
		t.Fatal("task_struct has no bitfields")
	}
	if bf.Offset != bf.BitOff/8 || bf.Bits > 32 || !bf.Type.IsInteger() {
		t.Errorf("bitfield %s: %+v", bf.Name, *bf)
	}
	for _, m := range ts.Members {
		if m.Bits == 0 && m.BitOff != m.Offset*8 {
			t.Errorf("member %s: BitOff %d, Offset %d", m.Name, m.BitOff, m.Offset)
		}
		if m.Offset < 0 || m.Offset > ts.Size {
			t.Errorf("member %s out of the struct: %d", m.Name, m.Offset)
		}
	}
}

func TestAnonymousMembers(t *testing.T) {
	k := kernel(t)
	page := k.Type("struct", "page")
	if page == nil {
		t.Fatal("no struct page")
	}
	var anon int
	for _, m := range page.Members {
		if m.Name == "" {
			anon++
			if !m.Type.IsRecord() || !m.Type.Resolve().Complete {
				t.Errorf("anonymous member %v incomplete", m.Type)
			}
		}
	}
	if anon == 0 {
		t.Fatal("struct page has no anonymous members")
	}
	// page->mapping lives in an anonymous struct in an anonymous union.
	m, ok := page.Member("mapping")
	if !ok {
		t.Fatal("page->mapping not found through the anonymous members")
	}
	if r := m.Type.Resolve(); r.Kind != types.Pointer || r.Elem.Resolve().Name != "address_space" {
		t.Errorf("mapping: %v", m.Type)
	}
	if m.Offset <= 0 || m.Offset >= page.Size {
		t.Errorf("mapping at %d in a struct of %d", m.Offset, page.Size)
	}
}

func TestTypedefs(t *testing.T) {
	k := kernel(t)
	for _, c := range []struct {
		name   string
		size   int64
		signed bool
	}{
		{"u64", 8, false},
		{"u32", 4, false},
		{"s64", 8, true},
		{"pid_t", 4, true},
		{"size_t", 8, false},
	} {
		td := k.Type("typedef", c.name)
		if td == nil {
			t.Errorf("no typedef %s", c.name)
			continue
		}
		r := td.Resolve()
		if td.Kind != types.Typedef || td.Name != c.name || td.Module != "vmlinux" || td.String() != c.name ||
			td.Size != c.size || r.Kind != types.Int || r.Size != c.size || r.Signed != c.signed {
			t.Errorf("%s = %+v, resolves to %+v", c.name, *td, *r)
		}
	}
	// A typedef of an anonymous struct comes complete.
	at := k.Type("typedef", "atomic_t")
	if at == nil || !at.IsRecord() || !at.IsComplete() {
		t.Fatalf("atomic_t = %v", at)
	}
	if _, ok := at.Member("counter"); !ok {
		t.Error("atomic_t has no counter")
	}
	// A typedef of a function pointer.
	fp := k.Type("typedef", "smp_call_func_t")
	if fp == nil {
		t.Fatal("no smp_call_func_t")
	}
	f := fp.Resolve()
	if f.Kind != types.Pointer || f.Elem.Kind != types.Func || !f.Elem.Elem.IsVoid() ||
		len(f.Elem.Params) != 1 || !f.Elem.Params[0].IsPointer() || f.Elem.Variadic {
		t.Errorf("smp_call_func_t = %v", fp.Elem)
	}
	if got := fp.Elem.String(); got != "void (*)(void *)" {
		t.Errorf("smp_call_func_t prints %q", got)
	}
}

func TestEnum(t *testing.T) {
	k := kernel(t)
	e := k.Type("enum", "pid_type")
	if e == nil {
		t.Fatal("no enum pid_type")
	}
	if e.Kind != types.Enum || !e.Complete || e.Size != 4 || e.Module != "vmlinux" || e.String() != "enum pid_type" {
		t.Fatalf("pid_type = %+v", *e)
	}
	want := map[string]int64{"PIDTYPE_PID": 0, "PIDTYPE_TGID": 1}
	for _, en := range e.Enumerators {
		if v, ok := want[en.Name]; ok {
			if v != en.Value {
				t.Errorf("%s = %d, want %d", en.Name, en.Value, v)
			}
			delete(want, en.Name)
		}
	}
	if len(want) != 0 {
		t.Errorf("missing enumerators %v in %v", want, e.Enumerators)
	}
}

func TestUnion(t *testing.T) {
	k := kernel(t)
	u := k.Type("union", "bpf_attr")
	if u == nil {
		t.Fatal("no union bpf_attr")
	}
	if u.Kind != types.Union || !u.Complete || u.Size == 0 || u.String() != "union bpf_attr" {
		t.Fatalf("bpf_attr = %v complete=%v size=%d", u, u.Complete, u.Size)
	}
	for _, m := range u.Members {
		if m.Offset != 0 {
			t.Errorf("union member %s at %d", m.Name, m.Offset)
		}
	}
	// map_type is in the first anonymous struct.
	if m, ok := u.Member("map_type"); !ok || m.Type.Resolve().Size != 4 {
		t.Errorf("bpf_attr.map_type: %v %v", m.Type, ok)
	}
}

func TestMissing(t *testing.T) {
	k := kernel(t)
	for _, c := range [][2]string{
		{"struct", "no_such_struct_dtrace"},
		{"union", "task_struct"},
		{"enum", "task_struct"},
		{"typedef", "task_struct"},
		{"typedef", "x"},
		{"typedef", ""},
		{"class", "task_struct"},
	} {
		if got := k.Type(c[0], c[1]); got != nil {
			t.Errorf("Type(%q, %q) = %v, want nil", c[0], c[1], got)
		}
	}
	if got, ok := k.Symbol("no_such_symbol_dtrace"); ok {
		t.Errorf("Symbol(no_such_symbol_dtrace) = %v", got)
	}
}

func TestNoBTF(t *testing.T) {
	k := ktypes.Open(t.TempDir() + "/missing")
	if k.Type("struct", "task_struct") != nil || k.Type("typedef", "u64") != nil {
		t.Error("lookups in a missing file found something")
	}
	if _, ok := k.Symbol("jiffies"); ok {
		t.Error("Symbol found jiffies without BTF")
	}
	if k.Err() == nil {
		t.Error("Err() = nil for a missing file")
	}

	bad := t.TempDir() + "/bad"
	if err := os.WriteFile(bad, []byte("this is not BTF, not at all"), 0o644); err != nil {
		t.Fatal(err)
	}
	k = ktypes.Open(bad)
	if k.Type("typedef", "u64") != nil || k.Err() == nil {
		t.Errorf("a file of garbage: err = %v", k.Err())
	}
}

func TestSymbols(t *testing.T) {
	k := kernel(t)
	j, ok := k.Symbol("jiffies")
	if !ok {
		t.Fatal("no jiffies")
	}
	if j.String() != "volatile unsigned long" || j.Resolve() != types.ULongType || j.Quals() != types.Volatile {
		t.Errorf("jiffies: %v", j)
	}
	if mp, ok := k.Symbol("max_pfn"); !ok || mp.Resolve() != types.ULongType {
		t.Errorf("max_pfn: %v %v", mp, ok)
	}
	if j64, ok := k.Symbol("jiffies_64"); !ok || j64.String() != "u64" {
		t.Errorf("jiffies_64: %v %v", j64, ok)
	}
	if it, ok := k.Symbol("init_task"); !ok || it != k.Type("struct", "task_struct") {
		t.Errorf("init_task: %v %v", it, ok)
	}
	// Per-CPU variables have BTF VAR records.
	if rq, ok := k.Symbol("runqueues"); ok {
		if rq.String() != "struct rq" || !rq.IsComplete() {
			t.Errorf("runqueues: %v complete=%v", rq, rq.IsComplete())
		}
	}
	// A function is not a variable.
	if f, ok := k.Symbol("schedule"); ok {
		t.Errorf("Symbol(schedule) = %v", f)
	}
}

func TestAddress(t *testing.T) {
	k := kernel(t)
	a, ok := k.Address("_text")
	if !ok {
		t.Skip("kallsyms addresses are hidden")
	}
	if a < 1<<63 {
		t.Errorf("_text at %#x", a)
	}
	if s, ok := k.Address("schedule"); !ok || s <= a {
		t.Errorf("schedule at %#x %v", s, ok)
	}
	if _, ok := k.Address("no_such_symbol_dtrace"); ok {
		t.Error("found no_such_symbol_dtrace")
	}
}

func TestConcurrent(t *testing.T) {
	k := kernel(t)
	names := []string{"task_struct", "mm_struct", "file", "inode", "sk_buff", "page", "rq", "cred"}
	var wg sync.WaitGroup
	res := make([][]*types.Type, 8)
	for g := range res {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, n := range names {
				res[g] = append(res[g], k.Type("struct", n))
			}
		}()
	}
	wg.Wait()
	for g := range res {
		for i, typ := range res[g] {
			if typ == nil || typ != res[0][i] || !typ.Complete {
				t.Errorf("goroutine %d: struct %s = %v", g, names[i], typ)
			}
		}
	}
}

// TestColdStart looks up, in a new process, what a D compilation first
// asks of the kernel's types: a typedef (mapping and indexing the BTF),
// then struct task_struct; it logs what each cost.
func TestColdStart(t *testing.T) {
	if os.Getenv("KTYPES_COLD_CHILD") == "1" {
		t0 := time.Now()
		k := ktypes.Open("")
		td := k.Type("typedef", "pid_t")
		t1 := time.Now()
		ts := k.Type("struct", "task_struct")
		t2 := time.Now()
		if td == nil || ts == nil {
			t.Fatal("lookups failed")
		}
		os.Stdout.WriteString("COLD " + strconv.FormatInt(int64(t1.Sub(t0)), 10) + " " + strconv.FormatInt(int64(t2.Sub(t1)), 10) + "\n")
		return
	}
	kernel(t)
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	var first, task []time.Duration
	for range 5 {
		cmd := exec.Command(exe, "-test.run=^TestColdStart$", "-test.count=1")
		cmd.Env = append(os.Environ(), "KTYPES_COLD_CHILD=1")
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("child: %v\n%s", err, out)
		}
		for _, line := range strings.Split(string(out), "\n") {
			if f := strings.Fields(line); len(f) == 3 && f[0] == "COLD" {
				a, _ := strconv.ParseInt(f[1], 10, 64)
				b, _ := strconv.ParseInt(f[2], 10, 64)
				first = append(first, time.Duration(a))
				task = append(task, time.Duration(b))
			}
		}
	}
	if len(first) != 5 {
		t.Fatalf("%d of 5 fresh processes reported their lookups", len(first))
	}
	// How long they take is BenchmarkFirstLookup's business: a loaded
	// machine makes any bound here fail.
	t.Logf("fresh process: first lookup %v, then task_struct %v", first, task)
}

// BenchmarkFirstLookup is the first lookup of a fresh Kernel: mapping and
// indexing the BTF.
func BenchmarkFirstLookup(b *testing.B) {
	kernel(b)
	for b.Loop() {
		k := ktypes.Open("")
		if k.Type("typedef", "pid_t") == nil {
			b.Fatal("no pid_t")
		}
	}
}

// BenchmarkLookupMiss is the parser's common case once the index exists:
// an identifier that is not a kernel typedef.
func BenchmarkLookupMiss(b *testing.B) {
	k := kernel(b)
	for b.Loop() {
		if k.Type("typedef", "self") != nil {
			b.Fatal("found self")
		}
	}
}
