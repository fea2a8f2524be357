package session

import (
	"fmt"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/providers"
	dtraceprov "github.com/dtrace-go/dtrace/providers/dtrace"
)

// errorWiring is what the trampolines need to fire dtrace:::ERROR: the
// probe's id and the clauses enabled on it, in program order. The zero
// value (ERROR not enabled) still reports every fault to the consumer.
type errorWiring struct {
	id      uint32
	clauses []*codegen.Clause
}

// errorWiringFor finds dtrace:::ERROR among the enabled probes and the
// clauses enabled on it (byProbe, by probe id).
func errorWiringFor(enabled []*providers.Probe, byProbe map[uint32][]*codegen.Clause) errorWiring {
	for _, p := range enabled {
		if p.Provider == "dtrace" && p.Module == "" && p.Function == "" && p.Name == dtraceprov.Error {
			return errorWiring{id: p.ID, clauses: byProbe[p.ID]}
		}
	}
	return errorWiring{}
}

// appendFaultCheck appends to a trampoline's block, after the call of
// clause c, the call of codegen.ErrorSymbol when c returned 1 (it
// faulted); label names the place after it. A clause that cannot fault
// needs no check. The ERROR clauses of ew that capture stacks need the
// program's context.
func appendFaultCheck(block asm.Instructions, c *codegen.Clause, label string, ew errorWiring) asm.Instructions {
	if !codegen.CanFault(c) {
		return block
	}
	next := label + "_ok"
	nop := asm.Instruction{OpCode: asm.OpCode(asm.JumpClass).SetJumpOp(asm.Ja)}
	block = append(block,
		asm.JEq.Imm(asm.R0, 0, next),
		asm.Mov.Reg(asm.R1, bpf.RegProbeCtx),
	)
	if ew.id != 0 && codegen.HandlersReadRawCtx(ew.clauses) {
		block = append(block, asm.Mov.Reg(asm.R2, bpf.RegCtx))
	}
	return append(block,
		asm.Call.Label(codegen.ErrorSymbol),
		nop.WithSymbol(next),
	)
}

// errorStacks returns what att's ERROR clauses that capture stacks are
// called with: the frames a clause skips, and one more where the stack is
// read from the helper's caller (a raw tracepoint's, not a perf event's or
// a tracepoint's, whose stacks start at registers saved before BPF runs),
// for the ERROR function's frame.
func errorStacks(att *providers.Attachment) codegen.ErrorStacks {
	s := codegen.ErrorStacks{Skip: stackSkip(att)}
	if att.Type == ebpf.RawTracepoint {
		s.Skip++
	}
	s.MachA, s.MachB = machineryArgs(att)
	return s
}

// appendTo appends to a linked program of prog whose clause functions are
// order the fault-reporting function and the ERROR clauses it calls that
// are not in order already, when one of order can fault.
func (ew errorWiring) appendTo(insns asm.Instructions, att *providers.Attachment, prog *codegen.Program, order []*codegen.Clause) asm.Instructions {
	faults := false
	have := map[*codegen.Clause]bool{}
	for _, c := range order {
		have[c] = true
		faults = faults || codegen.CanFault(c)
	}
	if !faults {
		return insns
	}
	var stacks codegen.ErrorStacks
	if ew.id != 0 && codegen.HandlersReadRawCtx(ew.clauses) {
		stacks = errorStacks(att)
	}
	insns = append(insns, prog.ErrorFunc(ew.id, ew.clauses, stacks)...)
	for _, c := range ew.clauses {
		if !have[c] {
			have[c] = true
			insns = append(insns, c.Insns...)
		}
	}
	return insns
}

// faultNames are DTrace's words for each fault code (dtrace_faultstr).
var faultNames = map[codegen.Fault]string{
	1:  "invalid address",
	2:  "invalid alignment",
	3:  "illegal operation",
	4:  "divide-by-zero",
	5:  "out of scratch space",
	6:  "invalid kernel access",
	7:  "invalid user access",
	8:  "tuple stack overflow",
	9:  "bad stack",
	10: "invalid size",
	11: "index out of bounds",
}

// faultMessage returns DTrace's report of the fault in rec, a record of
// id codegen.ErrorRecordID (Oracle's DTrace for Linux words it so):
//
//	dtrace: error in dt_clause_N for probe ID P (prov:mod:func:name): FAULT at BPF pc PC
//
// where N is the clause's index in the program (from 0, in the order of
// the clauses across the programs), P the probe's id, and FAULT DTrace's
// name for the fault, followed by the address for a bad address, a bad
// alignment and a bad stack.
func faultMessage(rec []byte, reg *providers.Registry) (string, error) {
	if len(rec) < codegen.ErrorRecordSize {
		return "", fmt.Errorf("consume fault record: %d bytes, want %d", len(rec), codegen.ErrorRecordSize)
	}
	probeID := le.Uint32(rec[0:])
	arg := func(i int) uint64 { return le.Uint64(rec[codegen.RecordHeaderSize+8*(i-1):]) }
	clause, pc, code, addr := arg(2), arg(3), codegen.Fault(arg(4)), arg(5)
	desc := fmt.Sprintf("ID %d", probeID)
	if p := reg.Probe(probeID); p != nil {
		desc = fmt.Sprintf("%s:%s:%s:%s", p.Provider, p.Module, p.Function, p.Name)
	}
	name, ok := faultNames[code]
	if !ok {
		name = "unknown fault"
	}
	switch code {
	case codegen.FaultBadAddr, codegen.FaultBadAlign, 9:
		name += fmt.Sprintf(" (0x%x)", addr)
	}
	return fmt.Sprintf("dtrace: error in dt_clause_%d for probe ID %d (%s): %s at BPF pc %d\n",
		clause, probeID, desc, name, pc), nil
}

// fault prints the message of a fault record on the Printer's stderr.
func (c *Printer) fault(rec []byte) error {
	msg, err := faultMessage(rec, c.reg)
	if err != nil {
		return err
	}
	if c.stderr != nil {
		_, err = fmt.Fprint(c.stderr, msg)
	}
	return err
}
