package session

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/dscript"
	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/dscript/ktypes"
	"github.com/dtrace-go/dtrace/internal/kbtf"
	"github.com/dtrace-go/dtrace/internal/kbtf/kbtftest"
	"github.com/dtrace-go/dtrace/symtab"
)

// fakeKernel returns a Kernel whose BTF has the variables nr_things (an
// unsigned long) and the_task (a struct task_struct with a pid), and whose
// symbols are the kallsyms listing given.
func fakeKernel(t *testing.T, listing string) *ktypes.Kernel {
	t.Helper()
	b := kbtftest.New()
	ulong := b.Int("unsigned long", 8, 0)
	i := b.Int("int", 4, kbtf.IntSigned)
	task := b.Struct("task_struct", false, 16, kbtftest.Member{Name: "state", Type: ulong}, kbtftest.Member{Name: "pid", Type: i, Offset: 64})
	b.Ref(kbtf.KindVar, "nr_things", ulong)
	b.Ref(kbtf.KindVar, "the_task", task)
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
