package session

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/dscript"
	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/dscript/diag"
	"github.com/dtrace-go/dtrace/dscript/ktypes"
	"github.com/dtrace-go/dtrace/internal/kbtf"
	"github.com/dtrace-go/dtrace/internal/kbtf/kbtftest"
	"github.com/dtrace-go/dtrace/symtab"
)

// fakeKernel returns a Kernel whose BTF has the variables nr_things (an
// unsigned long), the_task (a struct task_struct with a pid) and the
// per-CPU runqueues (a struct rq), and whose
// symbols are the kallsyms listing given.
func fakeKernel(t *testing.T, listing string) *ktypes.Kernel {
	t.Helper()
	b := kbtftest.New()
	ulong := b.Int("unsigned long", 8, 0)
	i := b.Int("int", 4, kbtf.IntSigned)
	task := b.Struct("task_struct", false, 16, kbtftest.Member{Name: "state", Type: ulong}, kbtftest.Member{Name: "pid", Type: i, Offset: 64})
	b.Ref(kbtf.KindVar, "nr_things", ulong)
	b.Ref(kbtf.KindVar, "the_task", task)
	// A per-CPU variable: a VAR of the per-CPU data section.
	runq := b.Struct("rq", false, 16, kbtftest.Member{Name: "lock", Type: ulong}, kbtftest.Member{Name: "nr_running", Type: i, Offset: 64})
	rqVar := b.Ref(kbtf.KindVar, "runqueues", runq)
	b.Add(kbtf.KindDatasec, ".data..percpu", false, 1, 16, uint32(rqVar), 0, 16)
	dir := t.TempDir()
	path := filepath.Join(dir, "kallsyms")
	if err := os.WriteFile(path, []byte(listing), 0o644); err != nil {
		t.Fatal(err)
	}
	data := b.Bytes()
	return ktypes.OpenSpec(func() (*kbtf.Spec, error) { return kbtf.Parse(data, nil) }, &symtab.KernelSymbols{Kallsyms: path, Sys: dir})
}

func compileWith(k *ktypes.Kernel, src string) (*codegen.Program, error) {
	p, err := dscript.New(dscript.Config{Args: []string{"test.d"}, Kernel: k}).Compile(dscript.Source{Kind: dscript.Script, Name: "test.d", Text: []byte(src)})
	if err != nil {
		return nil, err
	}
	return codegen.Compile([]codegen.Unit{{File: p.File, Info: p.Info}}, codegen.Options{})
}

// loadsConst reports whether prog's clauses load the 64-bit constant v.
func loadsConst(prog *codegen.Program, v uint64) bool {
	for _, cl := range prog.Clauses {
		for _, ins := range cl.Insns {
			if ins.OpCode == asm.LoadImmOp(asm.DWord) && uint64(ins.Constant) == v {
				return true
			}
		}
	}
	return false
}

// Kernel variables are read at the addresses /proc/kallsyms lists, with
// the types BTF's variables give them; one it does not list is an error
// that says why.
func TestKernelVariables(t *testing.T) {
	const listing = `ffffffff81000000 T _text
ffffffff82000010 D nr_things
ffffffff82000100 D the_task
`
	k := fakeKernel(t, listing)
	for _, src := range []string{
		"BEGIN { trace(`nr_things); }",
		"BEGIN { trace(`the_task.pid); }",
		"BEGIN { trace(nr_things + 1); }",
		"BEGIN { print(&`the_task); }",
		"BEGIN { this->p = &`the_task; trace(this->p->pid); }",
	} {
		prog, err := compileWith(k, src)
		if err != nil {
			t.Errorf("%s: %v", src, err)
			continue
		}
		if !loadsConst(prog, 0xffffffff82000010) && !loadsConst(prog, 0xffffffff82000100) {
			t.Errorf("%s: no load of the variable's address", src)
		}
	}

	k = fakeKernel(t, "ffffffff81000000 T _text\n")
	_, err := compileWith(k, "BEGIN { trace(`the_task.pid); }")
	var se *codegen.SymbolError
	if !errors.As(err, &se) || se.Name != "the_task" || se.Pos.Line != 1 {
		t.Errorf("unlisted variable: %v", err)
	}
}

// A per-CPU variable's address in kallsyms is an offset in each CPU's
// per-CPU area: it is read at that offset plus the running CPU's entry
// of __per_cpu_offset, read when the probe fires.
func TestKernelPerCPUVariable(t *testing.T) {
	const listing = `0000000000035e80 A runqueues
ffffffff81000000 T _text
ffffffff82000010 D nr_things
ffffffff82000300 D __per_cpu_offset
`
	k := fakeKernel(t, listing)
	prog, err := compileWith(k, "BEGIN { trace(`runqueues.nr_running); }")
	if err != nil {
		t.Fatal(err)
	}
	var cpu bool
	for _, cl := range prog.Clauses {
		for _, ins := range cl.Insns {
			if ins.IsBuiltinCall() && asm.BuiltinFunc(ins.Constant) == asm.FnGetSmpProcessorId {
				cpu = true
			}
		}
	}
	if !cpu || !loadsConst(prog, 0xffffffff82000300) || !loadsConst(prog, 0x35e80) {
		t.Errorf("the per-CPU variable is not read at __per_cpu_offset[cpu] + its offset: cpu %v, table %v, offset %v",
			cpu, loadsConst(prog, 0xffffffff82000300), loadsConst(prog, 0x35e80))
	}
	// A global variable is read at its address.
	prog, err = compileWith(k, "BEGIN { trace(`nr_things); }")
	if err != nil {
		t.Fatal(err)
	}
	if !loadsConst(prog, 0xffffffff82000010) || loadsConst(prog, 0xffffffff82000300) {
		t.Error("a global variable is read as a per-CPU one")
	}

	k = fakeKernel(t, "0000000000035e80 A runqueues\nffffffff81000000 T _text\n")
	_, err = compileWith(k, "BEGIN { trace(`runqueues.nr_running); }")
	var se *codegen.SymbolError
	if !errors.As(err, &se) || se.Name != "__per_cpu_offset" {
		t.Errorf("no __per_cpu_offset: %v", err)
	}
}

// A kernel symbol that cannot be used is refused as dt_xcook_ident
// refuses it: a module that is not loaded, a symbol the kernel lists but
// has no type for, a symbol it does not list.
func TestKernelSymbolErrors(t *testing.T) {
	const listing = `ffffffff81000000 T _text
ffffffff81000100 T some_function
ffffffff82000010 D nr_things
ffffffff82000020 D untyped_var
`
	k := fakeKernel(t, listing)
	for _, tc := range []struct {
		src string
		tag diag.Tag
		msg string
	}{
		{"`no_such_symbol", diag.D_IDENT_UNDEF, "failed to resolve `no_such_symbol: Unknown symbol name"},
		{"vmlinux`no_such_symbol", diag.D_IDENT_UNDEF, "failed to resolve vmlinux`no_such_symbol: Unknown symbol name"},
		{"`untyped_var", diag.D_SYM_NOTYPES, "no symbolic type information is available for vmlinux`untyped_var: No type information available for symbol"},
		{"&`some_function", diag.D_SYM_NOTYPES, "no symbolic type information is available for vmlinux`some_function: No type information available for symbol"},
		{"no_such_module`nr_things", diag.D_IDENT_UNDEF, "failed to resolve no_such_module`nr_things: Unknown module name"},
	} {
		_, err := compileWith(k, "BEGIN { trace("+tc.src+"); }")
		var de *diag.Error
		if !errors.As(err, &de) || de.Tag != tc.tag || de.Msg != tc.msg {
			t.Errorf("%s: %v (%#v), want [%s] %s", tc.src, err, de, tc.tag, tc.msg)
		}
	}
	// vmlinux`name is the core kernel's name.
	if _, err := compileWith(k, "BEGIN { trace(vmlinux`nr_things); }"); err != nil {
		t.Error(err)
	}
}
