package codegen

import (
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
)

// NeedsEPIDs reports whether p reads epid, and so needs abi.EPIDMap filled.
func (p *Program) NeedsEPIDs() bool { return p.hasMap(abi.EPIDMap) }

// epid evaluates the builtin: the enabled probe ID of this clause on the
// probe firing (0 if the runner did not record it).
func (c *clauseGen) epid() {
	c.g.needEPIDs()
	c.emit(
		asm.LoadMem(asm.R0, regCtx, abi.CtxProbeID, asm.Word),
		asm.StoreMem(asm.RFP, stackKey, asm.R0, asm.Word),
		asm.StoreImm(asm.RFP, stackKey+4, int64(c.clause), asm.Word),
	)
	c.lookupStackKey(abi.EPIDMap)
	none := c.newLabel()
	c.emit(
		asm.JEq.Imm(asm.R0, 0, none),
		asm.LoadMem(asm.R0, asm.R0, 0, asm.Word),
	)
	c.label(none)
}

// needEPIDs adds abi.EPIDMap to the program's maps, once; its size is set by
// the runner, which knows the number of enablings.
func (g *gen) needEPIDs() {
	g.addMapOnce(&MapDesc{Name: abi.EPIDMap, Kind: HashMap, KeySize: 8, ValueSize: 8, MaxEntries: 1})
}
