package session

import (
	"fmt"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/providers"
)

// faultNames are DTrace's words for each fault code (dtrace_faultstr).
var faultNames = map[abi.Fault]string{
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
// id abi.RecordFault (Oracle's DTrace for Linux words it so):
//
//	dtrace: error in dt_clause_N for probe ID P (prov:mod:func:name): FAULT at BPF pc PC
//
// where N is the clause's index in the program (from 0, in the order of
// the clauses across the programs), P the probe's id, and FAULT DTrace's
// name for the fault, followed by the address for a bad address, a bad
// alignment and a bad stack.
func faultMessage(rec []byte, reg *providers.Registry) (string, error) {
	if len(rec) < abi.FaultRecordSize {
		return "", fmt.Errorf("consume fault record: %d bytes, want %d", len(rec), abi.FaultRecordSize)
	}
	probeID := le.Uint32(rec[0:])
	arg := func(i int) uint64 { return le.Uint64(rec[abi.HeaderSize+8*(i-1):]) }
	clause, pc, code, addr := arg(2), arg(3), abi.Fault(arg(4)), arg(5)
	desc := fmt.Sprintf("ID %d", probeID)
	if p := reg.Probe(probeID); p != nil {
		desc = fmt.Sprintf("%s:%s:%s:%s", p.Provider, p.Module, p.Function, p.Name)
	}
	name, ok := faultNames[code]
	if !ok {
		name = "unknown fault"
	}
	switch code {
	case abi.FaultBadAddr, abi.FaultBadAlign, 9:
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
