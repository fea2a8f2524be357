package kbtf_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cilium/ebpf/btf"

	"github.com/dtrace-go/dtrace/internal/kbtf"
	"github.com/dtrace-go/dtrace/internal/kbtf/kbtftest"
)

// kernel is the fixture of these tests: a few vmlinux types and a module
// whose split BTF refers to them.
type kernel struct {
	base, split []byte
	// ids in base
	intT, ulong, task, taskFwd, pidT, schedule, jiffies, fwdOnly, enumDecl, enumDef kbtf.TypeID
	// ids in split
	modState, modPid, modInit, modInitProto, modVar, taskPtr, modEnum kbtf.TypeID
}

func makeKernel() *kernel {
	k := &kernel{}
	b := kbtftest.New()
	k.intT = b.Int("int", 4, kbtf.IntSigned)
	k.ulong = b.Int("long unsigned int", 8, 0)
	// A declaration before the definition: lookups prefer the
	// definition whatever the order.
	k.taskFwd = b.Add(kbtf.KindFwd, "task_struct", false, 0, 0)
	k.task = b.Struct("task_struct", false, 16,
		kbtftest.Member{Name: "pid", Type: k.intT, Offset: 0},
		kbtftest.Member{Name: "flags", Type: k.ulong, Offset: 64},
	)
	b.Struct("task_struct", false, 8) // a later duplicate
	k.pidT = b.Ref(kbtf.KindTypedef, "pid_t", k.intT)
	k.schedule = b.Ref(kbtf.KindFunc, "schedule", b.Proto(0))
	k.jiffies = b.Ref(kbtf.KindVar, "jiffies", b.Ref(kbtf.KindVolatile, "", k.ulong))
	k.fwdOnly = b.Add(kbtf.KindFwd, "page", true, 0, 0) // union page, declared only
	k.enumDecl = b.Add(kbtf.KindEnum, "state", false, 0, 4)
	k.enumDef = b.Enum("state", true, []string{"RUNNING", "DEAD"}, []int32{0, -1})
	k.base = b.Bytes()

	s := b.Split()
	k.taskPtr = s.Ref(kbtf.KindPtr, "", k.task)
	k.modState = s.Struct("mod_state", false, 16,
		kbtftest.Member{Name: "task", Type: k.taskPtr, Offset: 0},
		kbtftest.Member{Name: "pid", Type: k.pidT, Offset: 64, Bits: 20}, // "pid" is a base string
		kbtftest.Member{Name: "busy", Type: k.intT, Offset: 84, Bits: 1},
	)
	k.modPid = s.Ref(kbtf.KindTypedef, "pid_t", k.intT) // the module's own pid_t
	k.modInitProto = s.Proto(k.intT, k.taskPtr, 0)
	k.modInit = s.Ref(kbtf.KindFunc, "mod_init", k.modInitProto)
	k.modVar = s.Ref(kbtf.KindVar, "mod_var", k.modState)
	k.modEnum = s.Add(kbtf.KindEnum64, "mod_big", false, 1, 8, s.String("BIG"), 0, 1)
	k.split = s.Bytes()
	return k
}

// write writes the fixture as a sysfs BTF directory: vmlinux and mod.
func (k *kernel) write(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for name, data := range map[string][]byte{"vmlinux": k.base, "mod": k.split} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func typ(t *testing.T, s *kbtf.Spec, id kbtf.TypeID) kbtf.Type {
	t.Helper()
	ty, ok := s.Type(id)
	if !ok {
		t.Fatalf("no type %d", id)
	}
	return ty
}

func TestBase(t *testing.T) {
	k := makeKernel()
	dir := k.write(t)
	s, err := kbtf.Open(filepath.Join(dir, "vmlinux"))
	if err != nil {
		t.Fatal(err)
	}
	if first, end := s.IDs(); first != 1 || end != k.enumDef+1 || s.Base() != nil {
		t.Errorf("IDs = %d, %d, base %v", first, end, s.Base())
	}
	for _, c := range []struct {
		kind kbtf.Kind
		name string
		want kbtf.TypeID
	}{
		{kbtf.KindStruct, "task_struct", k.task}, // the first definition
		{kbtf.KindTypedef, "pid_t", k.pidT},
		{kbtf.KindFunc, "schedule", k.schedule},
		{kbtf.KindVar, "jiffies", k.jiffies},
		{kbtf.KindUnion, "page", k.fwdOnly}, // only declared
		{kbtf.KindEnum, "state", k.enumDef},
		{kbtf.KindEnum64, "state", k.enumDef},
		{kbtf.KindStruct, "page", 0},
		{kbtf.KindTypedef, "task_struct", 0},
		{kbtf.KindInt, "int", 0}, // not a name space
		{kbtf.KindStruct, "", 0},
	} {
		id, ok := s.TypeByName(c.kind, c.name)
		if id != c.want || ok != (c.want != 0) {
			t.Errorf("TypeByName(%d, %q) = %d, %v, want %d", c.kind, c.name, id, ok, c.want)
		}
	}

	task := typ(t, s, k.task)
	if task.Kind() != kbtf.KindStruct || task.Name() != "task_struct" || task.Size() != 16 || task.Vlen() != 2 || task.KindFlag() {
		t.Errorf("task_struct: kind %d name %q size %d vlen %d", task.Kind(), task.Name(), task.Size(), task.Vlen())
	}
	if m := task.Member(1); m != (kbtf.Member{Name: "flags", Type: k.ulong, Offset: 64}) {
		t.Errorf("task_struct member 1: %+v", m)
	}
	if m := task.Member(2); m != (kbtf.Member{}) {
		t.Errorf("task_struct member 2 of 2: %+v", m)
	}
	if in := typ(t, s, k.intT).Int(); in != (kbtf.IntInfo{Encoding: kbtf.IntSigned, Bits: 32}) {
		t.Errorf("int: %+v", in)
	}
	e := typ(t, s, k.enumDef)
	if n, v := e.Enumerator(1); n != "DEAD" || v != -1 || e.Size() != 4 {
		t.Errorf("enum state: %s = %d, size %d", n, v, e.Size())
	}
	if !typ(t, s, k.fwdOnly).KindFlag() || typ(t, s, k.taskFwd).KindFlag() {
		t.Error("kind_flag of forward declarations")
	}
	j := typ(t, s, k.jiffies)
	if v := typ(t, s, j.Ref()); v.Kind() != kbtf.KindVolatile || v.Ref() != k.ulong || v.Size() != 0 {
		t.Errorf("jiffies: %d -> kind %d -> %d", j.Ref(), v.Kind(), v.Ref())
	}
	if v, ok := s.Type(0); !ok || v.Kind() != kbtf.KindVoid || v.Name() != "" || v.ID() != 0 {
		t.Errorf("void: %v %v", v, ok)
	}
	if _, ok := s.Type(k.enumDef + 1); ok {
		t.Error("a type past the last")
	}
}

// TestSplit reads a module's split BTF over its base, and checks the
// fixture against cilium/ebpf's reading of the same blobs.
func TestSplit(t *testing.T) {
	k := makeKernel()
	dir := k.write(t)
	base, err := kbtf.Open(filepath.Join(dir, "vmlinux"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := kbtf.OpenSplit(filepath.Join(dir, "mod"), base)
	if err != nil {
		t.Fatal(err)
	}
	if first, end := s.IDs(); first != k.enumDef+1 || end != k.modEnum+1 || s.Base() != base {
		t.Errorf("IDs = %d, %d", first, end)
	}

	// Lookups see the module's own types only.
	for _, c := range []struct {
		kind kbtf.Kind
		name string
		want kbtf.TypeID
	}{
		{kbtf.KindStruct, "mod_state", k.modState},
		{kbtf.KindTypedef, "pid_t", k.modPid},
		{kbtf.KindFunc, "mod_init", k.modInit},
		{kbtf.KindVar, "mod_var", k.modVar},
		{kbtf.KindEnum, "mod_big", k.modEnum},
		{kbtf.KindStruct, "task_struct", 0},
		{kbtf.KindFunc, "schedule", 0},
	} {
		id, ok := s.TypeByName(c.kind, c.name)
		if id != c.want || ok != (c.want != 0) {
			t.Errorf("split TypeByName(%d, %q) = %d, %v, want %d", c.kind, c.name, id, ok, c.want)
		}
	}
	var funcs []string
	for id, name := range s.Named(kbtf.KindFunc, "") {
		funcs = append(funcs, name)
		if id != k.modInit {
			t.Errorf("function %s is %d", name, id)
		}
	}
	if !slices.Equal(funcs, []string{"mod_init"}) {
		t.Errorf("the module's functions: %q", funcs)
	}

	// Its types refer to the base's, by id and by string.
	st := typ(t, s, k.modState)
	if st.Name() != "mod_state" || st.Vlen() != 3 || !st.KindFlag() {
		t.Fatalf("mod_state: %q vlen %d", st.Name(), st.Vlen())
	}
	want := []kbtf.Member{
		{Name: "task", Type: k.taskPtr},
		{Name: "pid", Type: k.pidT, Offset: 64, BitfieldSize: 20},
		{Name: "busy", Type: k.intT, Offset: 84, BitfieldSize: 1},
	}
	for i, w := range want {
		if m := st.Member(i); m != w {
			t.Errorf("mod_state member %d: %+v, want %+v", i, m, w)
		}
	}
	ptr := typ(t, s, k.taskPtr)
	if ptr.Kind() != kbtf.KindPtr || ptr.Ref() != k.task {
		t.Errorf("task pointer: kind %d to %d", ptr.Kind(), ptr.Ref())
	}
	if task := typ(t, s, ptr.Ref()); task.Name() != "task_struct" || task.Member(0).Name != "pid" {
		t.Errorf("base type through the split spec: %q", task.Name())
	}
	if !typ(t, s, k.modPid).HasName("pid_t") {
		t.Error("the module's pid_t, named by a base string")
	}
	proto := typ(t, s, k.modInitProto)
	if proto.Ref() != k.intT || proto.Vlen() != 2 || proto.Param(0) != k.taskPtr || proto.Param(1) != 0 {
		t.Errorf("mod_init: returns %d, params %d %d", proto.Ref(), proto.Param(0), proto.Param(1))
	}
	if n, v := typ(t, s, k.modEnum).Enumerator(0); n != "BIG" || v != 1<<32 {
		t.Errorf("mod_big: %s = %d", n, v)
	}

	// cilium/ebpf reads the fixture the same way.
	cbase, err := btf.LoadSpecFromReader(bytes.NewReader(k.base))
	if err != nil {
		t.Fatal(err)
	}
	csplit, err := btf.LoadSplitSpecFromReader(bytes.NewReader(k.split), cbase)
	if err != nil {
		t.Fatal(err)
	}
	var cst *btf.Struct
	if err := csplit.TypeByName("mod_state", &cst); err != nil {
		t.Fatal(err)
	}
	if id, err := csplit.TypeID(cst); err != nil || kbtf.TypeID(id) != k.modState {
		t.Errorf("cilium: mod_state is %d (%v)", id, err)
	}
	ctask := cst.Members[0].Type.(*btf.Pointer).Target.(*btf.Struct)
	if ctask.Name != "task_struct" || cst.Members[1].BitfieldSize != 20 || cst.Members[2].Offset != 84 {
		t.Errorf("cilium: mod_state %v", cst.Members)
	}
}

func TestErrors(t *testing.T) {
	k := makeKernel()
	header := func(b []byte, f func(h []byte)) []byte {
		b = slices.Clone(b)
		f(b)
		return b
	}
	put := func(off int, v uint32) func([]byte) {
		return func(h []byte) { binary.LittleEndian.PutUint32(h[off:], v) }
	}
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "not BTF"},
		{"short", k.base[:20], "not BTF"},
		{"text", []byte("this is not BTF, not at all"), "not BTF"},
		{"big-endian", header(k.base, func(h []byte) { h[0], h[1] = 0xeb, 0x9f }), "big-endian BTF is not supported"},
		{"header length", header(k.base, put(4, 8)), "sections out of bounds"},
		{"type section", header(k.base, put(12, 1<<20)), "sections out of bounds"},
		{"string section", header(k.base, put(20, 1<<20)), "sections out of bounds"},
		{"cut type", header(k.base, put(12, 30)), "type section truncated"},
		{"unknown kind", header(k.base, put(24+4, 25<<24)), "type 1 has unknown kind 25"},
		{"kind 0", header(k.base, put(24+4, 0)), "type 1 has unknown kind 0"},
	} {
		_, err := kbtf.Parse(c.data, nil)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
		if c.want == "not BTF" && !errors.Is(err, kbtf.ErrNotBTF) {
			t.Errorf("%s: %v is not ErrNotBTF", c.name, err)
		}
	}

	dir := t.TempDir()
	missing := filepath.Join(dir, "missing")
	if _, err := kbtf.Open(missing); !errors.Is(err, fs.ErrNotExist) || !strings.HasPrefix(err.Error(), "open "+missing+": ") {
		t.Errorf("missing file: %v", err)
	}
	bad := filepath.Join(dir, "bad")
	if err := os.WriteFile(bad, []byte("garbage, garbage, garbage, garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := kbtf.Open(bad); !errors.Is(err, kbtf.ErrNotBTF) || err.Error() != "read BTF "+bad+": not BTF" {
		t.Errorf("bad file: %v", err)
	}
	if _, err := kbtf.OpenSplit(bad, nil); err == nil {
		t.Error("split BTF without a base")
	}

	// A reference to a type that does not exist.
	b := kbtftest.New()
	b.Ref(kbtf.KindPtr, "", 99)
	s, err := kbtf.Parse(b.Bytes(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Type(typ(t, s, 1).Ref()); ok {
		t.Error("type 99 exists")
	}
}

// TestKernel reads every type of the running kernel's BTF and checks it
// against cilium/ebpf's decoding of the same file.
func TestKernel(t *testing.T) {
	const path = "/sys/kernel/btf/vmlinux"
	if _, err := os.Stat(path); err != nil {
		if os.Getenv("DTRACE_TEST_REQUIRE_BPF") != "" {
			t.Fatalf("kernel BTF required: %v", err)
		}
		t.Skipf("no kernel BTF: %v", err)
	}
	s, err := kbtf.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := btf.LoadSpec(path)
	if err != nil {
		t.Fatal(err)
	}
	id := func(ct btf.Type) kbtf.TypeID {
		i, err := cs.TypeID(ct)
		if err != nil {
			t.Fatal(err)
		}
		return kbtf.TypeID(i)
	}
	n := 0
	for ct, err := range cs.All() {
		if err != nil {
			t.Fatal(err)
		}
		kt := typ(t, s, id(ct))
		n++
		wantName := ct.TypeName()
		if tt, ok := ct.(*btf.TypeTag); ok {
			wantName = tt.Value
		}
		if kt.Name() != wantName {
			t.Fatalf("type %d: name %q, cilium %q", kt.ID(), kt.Name(), wantName)
		}
		bad := func(what string, got, want any) {
			t.Fatalf("type %d %s: %s %v, cilium %v", kt.ID(), kt.Name(), what, got, want)
		}
		switch ct := ct.(type) {
		case *btf.Void:
			if kt.Kind() != kbtf.KindVoid || kt.ID() != 0 {
				bad("void", kt.Kind(), ct)
			}
		case *btf.Int:
			in := kt.Int()
			if kt.Kind() != kbtf.KindInt || kt.Size() != ct.Size || in.Encoding != uint8(ct.Encoding) {
				bad("int", in, ct)
			}
		case *btf.Pointer:
			if kt.Kind() != kbtf.KindPtr || kt.Ref() != id(ct.Target) {
				bad("pointer", kt.Ref(), ct.Target)
			}
		case *btf.Array:
			a := kt.Array()
			if a != (kbtf.ArrayInfo{Elem: id(ct.Type), Index: id(ct.Index), Nelems: ct.Nelems}) {
				bad("array", a, ct)
			}
		case *btf.Struct, *btf.Union:
			var ms []btf.Member
			var size uint32
			want := kbtf.KindStruct
			if u, ok := ct.(*btf.Union); ok {
				ms, size, want = u.Members, u.Size, kbtf.KindUnion
			} else {
				ms, size = ct.(*btf.Struct).Members, ct.(*btf.Struct).Size
			}
			if kt.Kind() != want || kt.Size() != size || kt.Vlen() != len(ms) {
				bad("record", kt.Vlen(), len(ms))
			}
			for i, cm := range ms {
				m := kt.Member(i)
				if m.Name != cm.Name || m.Type != id(cm.Type) {
					bad("member", m, cm)
				}
				// cilium applies old BTF's bitfields too.
				if kt.KindFlag() || cm.BitfieldSize == 0 {
					if m.Offset != uint32(cm.Offset) || m.BitfieldSize != uint32(cm.BitfieldSize) {
						bad("member", m, cm)
					}
				}
			}
		case *btf.Enum:
			if k := kt.Kind(); k != kbtf.KindEnum && k != kbtf.KindEnum64 || kt.Size() != ct.Size || kt.Vlen() != len(ct.Values) {
				bad("enum", kt.Vlen(), ct)
			}
			for i, v := range ct.Values {
				name, val := kt.Enumerator(i)
				if name != v.Name || uint64(val) != v.Value && !(kt.Kind() == kbtf.KindEnum && !kt.KindFlag() && uint64(uint32(val)) == v.Value) {
					bad("enumerator", val, v)
				}
			}
		case *btf.Fwd:
			if kt.Kind() != kbtf.KindFwd || kt.KindFlag() != (ct.Kind == btf.FwdUnion) {
				bad("fwd", kt.KindFlag(), ct.Kind)
			}
		case *btf.Typedef:
			if kt.Kind() != kbtf.KindTypedef || kt.Ref() != id(ct.Type) {
				bad("typedef", kt.Ref(), ct.Type)
			}
		case *btf.Volatile:
			if kt.Kind() != kbtf.KindVolatile || kt.Ref() != id(ct.Type) {
				bad("volatile", kt.Ref(), ct.Type)
			}
		case *btf.Const:
			if kt.Kind() != kbtf.KindConst || kt.Ref() != id(ct.Type) {
				bad("const", kt.Ref(), ct.Type)
			}
		case *btf.Restrict:
			if kt.Kind() != kbtf.KindRestrict || kt.Ref() != id(ct.Type) {
				bad("restrict", kt.Ref(), ct.Type)
			}
		case *btf.TypeTag:
			if kt.Kind() != kbtf.KindTypeTag || kt.Ref() != id(ct.Type) {
				bad("type tag", kt.Ref(), ct.Type)
			}
		case *btf.Func:
			if kt.Kind() != kbtf.KindFunc || kt.Ref() != id(ct.Type) {
				bad("func", kt.Ref(), ct.Type)
			}
			if got, ok := s.TypeByName(kbtf.KindFunc, ct.Name); !ok || !typ(t, s, got).HasName(ct.Name) || got > kt.ID() {
				bad("function lookup", got, kt.ID())
			}
		case *btf.FuncProto:
			if kt.Kind() != kbtf.KindFuncProto || kt.Ref() != id(ct.Return) || kt.Vlen() != len(ct.Params) {
				bad("prototype", kt.Vlen(), ct)
			}
			for i, p := range ct.Params {
				if kt.Param(i) != id(p.Type) || kt.ParamName(i) != p.Name {
					bad("parameter", kt.Param(i), p)
				}
			}
		case *btf.Var:
			if kt.Kind() != kbtf.KindVar || kt.Ref() != id(ct.Type) {
				bad("var", kt.Ref(), ct.Type)
			}
		case *btf.Float:
			if kt.Kind() != kbtf.KindFloat || kt.Size() != ct.Size {
				bad("float", kt.Size(), ct.Size)
			}
		case *btf.Datasec:
			if kt.Kind() != kbtf.KindDatasec || kt.Size() != ct.Size {
				bad("datasec", kt.Size(), ct.Size)
			}
			if kt.Vlen() != len(ct.Vars) {
				bad("datasec vars", kt.Vlen(), len(ct.Vars))
			}
			for i, v := range ct.Vars {
				if got := kt.Var(i); got.Var != id(v.Type) || got.Offset != v.Offset || got.Size != v.Size {
					bad("datasec var", got, v)
				}
			}
		default:
			bad("type", kt.Kind(), ct)
		}
	}
	if _, end := s.IDs(); n < int(end)/2 {
		t.Errorf("%d types compared of %d", n, end-1)
	}
	t.Logf("%d types", n)
}

// FuzzParse checks that no BTF, alone or split, makes the reader panic
// or read out of bounds, whatever is asked of its types.
func FuzzParse(f *testing.F) {
	k := makeKernel()
	f.Add(k.base, false)
	f.Add(k.split, true)
	base, err := kbtf.Parse(k.base, nil)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte, split bool) {
		var b *kbtf.Spec
		if split {
			b = base
		}
		s, err := kbtf.Parse(data, b)
		if err != nil {
			return
		}
		first, end := s.IDs()
		for id := kbtf.TypeID(0); id <= end; id++ {
			ty, ok := s.Type(id)
			if !ok {
				if id != 0 && id >= first && id < end {
					t.Fatalf("type %d of [%d, %d) missing", id, first, end)
				}
				continue
			}
			ty.Name()
			ty.Size()
			ty.Ref()
			ty.Int()
			ty.Array()
			for i := range ty.Vlen() + 1 {
				ty.Member(i)
				ty.Enumerator(i)
				ty.Param(i)
				ty.ParamName(i)
			}
		}
		for _, kind := range []kbtf.Kind{kbtf.KindStruct, kbtf.KindUnion, kbtf.KindEnum, kbtf.KindTypedef, kbtf.KindVar, kbtf.KindFunc} {
			for id, name := range s.Named(kind, "") {
				if name == "" {
					continue // a name offset out of range
				}
				got, ok := s.TypeByName(kind, name)
				if ty, _ := s.Type(got); !ok || !ty.HasName(name) {
					t.Fatalf("%q: Named gives %d, TypeByName %d, %v", name, id, got, ok)
				}
			}
		}
	})
}
