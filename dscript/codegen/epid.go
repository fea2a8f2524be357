package codegen

import (
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/bpf"
)

// EPIDMap maps an enabling — a clause enabled on a probe — to its enabled
// probe ID (epid): the key is the u32 probe id then the u32 clause index,
// the value a u32 epid. The runner fills it; a program has it only when a
// clause reads epid.
const EPIDMap = "epids"

// NeedsEPIDs reports whether p reads epid, and so needs EPIDMap filled.
func (p *Program) NeedsEPIDs() bool { return p.hasMap(EPIDMap) }

// epid evaluates the builtin: the enabled probe ID of this clause on the
// probe firing (0 if the runner did not record it).
func (c *clauseGen) epid() {
	c.g.needEPIDs()
	c.emit(
		asm.LoadMem(asm.R0, regCtx, bpf.CtxProbeID, asm.Word),
		asm.StoreMem(asm.RFP, stackKey, asm.R0, asm.Word),
		asm.StoreImm(asm.RFP, stackKey+4, int64(c.clause), asm.Word),
	)
	c.mapPtr(asm.R1, EPIDMap)
	c.emit(asm.Mov.Reg(asm.R2, asm.RFP), asm.Add.Imm(asm.R2, stackKey))
	c.call(asm.FnMapLookupElem)
	none := c.newLabel()
	c.emit(
		asm.JEq.Imm(asm.R0, 0, none),
		asm.LoadMem(asm.R0, asm.R0, 0, asm.Word),
	)
	c.label(none)
}

// needEPIDs adds EPIDMap to the program's maps, once; its size is set by
// the runner, which knows the number of enablings.
func (g *gen) needEPIDs() {
	g.addMapOnce(&MapDesc{Name: EPIDMap, Kind: HashMap, KeySize: 8, ValueSize: 4, MaxEntries: 1})
}
