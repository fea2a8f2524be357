package session

import (
	"fmt"

	"github.com/cilium/ebpf"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/codegen"
)

// enabling is a clause enabled on a probe: a key of abi.EPIDMap.
type enabling struct {
	Probe  uint32
	Clause uint32
}

// enablingIDs is an abi.EPIDMap value: the enabled probe ID and the
// statement number.
type enablingIDs struct {
	EPID uint32
	Stmt uint32
}

// epids numbers enablings from 1 in the order they are made (clause by
// clause, probe by probe), as DTrace numbers its enabled probe IDs, and
// keeps the statement each runs.
type epids struct {
	ids  map[enabling]enablingIDs
	keys []enabling
}

// add records that clause is enabled on probe, as statement stmt (that
// of the first of its descriptions matching probe).
func (e *epids) add(probe uint32, clause, stmt int) {
	k := enabling{probe, uint32(clause)}
	if e.ids == nil {
		e.ids = map[enabling]enablingIDs{}
	}
	if _, ok := e.ids[k]; ok {
		return
	}
	e.ids[k] = enablingIDs{EPID: uint32(len(e.keys) + 1), Stmt: uint32(stmt)}
	e.keys = append(e.keys, k)
}

// size sets the size of prog's EPIDMap, if it has one, to the number of
// enablings; call it before creating the maps.
func (e *epids) size(prog *codegen.Program) {
	for _, d := range prog.Maps {
		if d.Name == abi.EPIDMap {
			d.MaxEntries = max(len(e.keys), 1)
		}
	}
}

// fill writes the enablings into the map, if the program has it.
func (e *epids) fill(prog *codegen.Program, m maps) error {
	if !prog.NeedsEPIDs() || len(e.keys) == 0 {
		return nil
	}
	vals := make([]enablingIDs, len(e.keys))
	for i, k := range e.keys {
		vals[i] = e.ids[k]
	}
	if _, err := m[abi.EPIDMap].BatchUpdate(e.keys, vals, &ebpf.BatchOptions{}); err != nil {
		return fmt.Errorf("fill enabled probe ids: %w", err)
	}
	return nil
}
