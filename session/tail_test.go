package session

import (
	"testing"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript"
	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/providers"
)

// compileTail compiles src (no kernel needed).
func compileTail(t *testing.T, src string) *codegen.Program {
	t.Helper()
	p, err := dscript.New(dscript.Config{Args: []string{"test.d"}}).Compile(dscript.Source{Kind: dscript.Script, Name: "test.d", Text: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	prog, err := codegen.Compile([]codegen.Unit{{File: p.File, Info: p.Info}}, codegen.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return prog
}

// linkedCalls returns, for a linked program, the clause symbols called
// and jumped to, and the position of each clause's first instruction.
func linkedCalls(insns asm.Instructions) (calls, jumps map[string]bool, at map[string]int) {
	calls, jumps, at = map[string]bool{}, map[string]bool{}, map[string]int{}
	for i, ins := range insns {
		if sym := ins.Symbol(); len(sym) > len("clause_") && sym[:len("clause_")] == "clause_" {
			at[sym] = i
		}
		ref := ins.Reference()
		if len(ref) <= len("clause_") || ref[:len("clause_")] != "clause_" {
			continue
		}
		switch {
		case ins.IsFunctionCall():
			calls[ref] = true
		case ins.OpCode.JumpOp() == asm.Ja:
			jumps[ref] = true
		}
	}
	return calls, jumps, at
}

// A block ends by jumping to its last clause when nothing else calls it;
// that clause comes first after the trampoline's exit, inside the main
// program, and the program loads.
func TestLinkJumpsToLastClause(t *testing.T) {
	prog := compileTail(t, "BEGIN\n{\n\ttrace(1);\n}\nBEGIN\n{\n\ttrace(2);\n}\nEND\n{\n\ttrace(3);\n}\n")
	c0, c1, c2 := prog.Clauses[0], prog.Clauses[1], prog.Clauses[2]
	p1 := &providers.Probe{ID: 1, Provider: "dtrace", Name: "BEGIN"}
	p2 := &providers.Probe{ID: 2, Provider: "dtrace", Name: "END"}
	p3 := &providers.Probe{ID: 3, Provider: "dtrace", Name: "ERROR"}
	for _, c := range []struct {
		name           string
		lists          map[uint32][]*codegen.Clause
		called, jumped []*codegen.Clause
	}{
		{"one list", map[uint32][]*codegen.Clause{1: {c0, c1}}, []*codegen.Clause{c0}, []*codegen.Clause{c1}},
		{"two lists", map[uint32][]*codegen.Clause{1: {c0, c1}, 2: {c2}}, []*codegen.Clause{c0}, []*codegen.Clause{c1, c2}},
		// c1 ends two lists: called from both.
		{"shared last", map[uint32][]*codegen.Clause{1: {c0, c1}, 2: {c1}}, []*codegen.Clause{c0, c1}, nil},
		// c0 is called by one list and ends another.
		{"called elsewhere", map[uint32][]*codegen.Clause{1: {c0, c1}, 2: {c2, c0}}, []*codegen.Clause{c0, c2}, []*codegen.Clause{c1}},
		// Probes with the same list share one block.
		{"same list", map[uint32][]*codegen.Clause{1: {c0, c2}, 2: {c0, c2}, 3: {c1}}, []*codegen.Clause{c0}, []*codegen.Clause{c2, c1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			// The fragment dispatches on args[0] to the probes of the case.
			var probes []*providers.Probe
			frag := asm.Instructions{asm.LoadMem(asm.R7, abi.RegCtx, 0, asm.DWord)}
			for _, p := range []*providers.Probe{p1, p2, p3} {
				if c.lists[p.ID] != nil {
					probes = append(probes, p)
					frag = append(frag, asm.JEq.Imm(asm.R7, int32(p.ID), abi.ProbeLabel(p.ID)))
				}
			}
			frag = append(frag, asm.Ja.Label(abi.ExitLabel))
			att := &providers.Attachment{Name: "tail", Type: ebpf.RawTracepoint, Probes: probes, Fragment: fixedFragment(frag)}
			tr := &codegen.Trampoline{Name: "tail", Fragment: att.Fragment}
			for _, p := range probes {
				tr.Probes = append(tr.Probes, p.ID)
			}
			e := &codegen.Enablings{ByProbe: c.lists}
			insns, err := prog.Link(tr, e)
			if err != nil {
				t.Fatal(err)
			}
			calls, jumps, at := linkedCalls(insns)
			exit := -1
			for i, ins := range insns {
				if ins.Symbol() == abi.ExitLabel {
					exit = i
				}
			}
			for _, cl := range c.called {
				if !calls[cl.Symbol] || jumps[cl.Symbol] {
					t.Errorf("%s: called %v, jumped to %v; want called only", cl.Symbol, calls[cl.Symbol], jumps[cl.Symbol])
				}
			}
			for _, cl := range c.jumped {
				if calls[cl.Symbol] || !jumps[cl.Symbol] {
					t.Errorf("%s: called %v, jumped to %v; want jumped to only", cl.Symbol, calls[cl.Symbol], jumps[cl.Symbol])
				}
				for _, called := range c.called {
					if at[cl.Symbol] < exit || at[cl.Symbol] > at[called.Symbol] {
						t.Errorf("%s at %d: not between the exit (%d) and the functions called (%s at %d)",
							cl.Symbol, at[cl.Symbol], exit, called.Symbol, at[called.Symbol])
					}
				}
			}
			requireBPF(t)
			m, _, err := newMaps(prog, probes, 1<<16, false)
			if err != nil {
				t.Fatal(err)
			}
			defer m.Close()
			bp, err := m.load(prog, att, codegen.Stack{}, e, nil, -1)
			if err != nil {
				t.Fatal(err)
			}
			bp.Close()
		})
	}
}
