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

// epids numbers enablings from 1 in the order they are made (clause by
// clause, probe by probe), as DTrace numbers its enabled probe IDs.
type epids struct {
	ids  map[enabling]uint32
	keys []enabling
}

// add records that clause is enabled on probe.
func (e *epids) add(probe uint32, clause int) {
	k := enabling{probe, uint32(clause)}
	if e.ids == nil {
		e.ids = map[enabling]uint32{}
	}
	if _, ok := e.ids[k]; ok {
		return
	}
	e.ids[k] = uint32(len(e.keys) + 1)
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
	vals := make([]uint32, len(e.keys))
	for i, k := range e.keys {
		vals[i] = e.ids[k]
	}
	if _, err := m[abi.EPIDMap].BatchUpdate(e.keys, vals, &ebpf.BatchOptions{}); err != nil {
		return fmt.Errorf("fill enabled probe ids: %w", err)
	}
	return nil
}
