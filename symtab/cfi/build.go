package cfi

import (
	"bytes"
	"cmp"
	"fmt"
	"math"
	"slices"
)

// x86-64's DWARF register numbers.
const (
	regRBP = 6
	regRSP = 7
	regRA  = 16
)

// A rule says where a register of the caller is.
type ruleKind uint8

const (
	ruleSame      ruleKind = iota // unchanged (the default of rbp)
	ruleUndefined                 // lost
	ruleOffset                    // saved at CFA + off
	ruleOther                     // anything else
)

type rule struct {
	kind ruleKind
	off  int64
}

// state is the CFA program's state at one address.
type state struct {
	cfaReg  uint64
	cfaOff  int64
	cfaExpr []byte // the CFA's expression when set
	bp, ra  rule
}

// Build runs the frame descriptions' CFA programs and returns their
// table: a row wherever the rule changes, a frame-pointer row where one
// description ends and no other starts.
func Build(fdes []FDE) (*Table, error) {
	slices.SortFunc(fdes, func(a, b FDE) int { return cmp.Compare(a.Start, b.Start) })
	var rows []Row
	for i, f := range fdes {
		if f.End > math.MaxUint32 {
			return nil, fmt.Errorf("FDE at %#x: %w", f.Start, ErrAddressRange)
		}
		// An FDE overlapping the next one is cut where it starts.
		end := f.End
		if i+1 < len(fdes) && fdes[i+1].Start < end {
			end = fdes[i+1].Start
		}
		if end <= f.Start {
			continue
		}
		rows = f.run(rows, end)
		if i+1 == len(fdes) || fdes[i+1].Start > end {
			rows = append(rows, Row{PC: end, Kind: FP})
		}
	}
	// Rows of one address: the last wins. Then rows equal to the one
	// before them go.
	out := rows[:0]
	for _, r := range rows {
		if n := len(out); n > 0 && out[n-1].PC == r.PC {
			out[n-1] = r
			continue
		}
		out = append(out, r)
	}
	rows = out
	out = rows[:0]
	for _, r := range rows {
		if n := len(out); n > 0 && out[n-1].Kind == r.Kind && out[n-1].BP == r.BP && out[n-1].CFAOffset == r.CFAOffset {
			continue
		}
		out = append(out, r)
	}
	return &Table{Rows: slices.Clip(out)}, nil
}

// run appends the rows of f's addresses [f.Start, end).
func (f *FDE) run(rows []Row, end uint64) []Row {
	c := f.cie
	init := state{cfaReg: regRSP, cfaOff: 8, ra: rule{kind: ruleOffset, off: -8}}
	init, _ = c.exec(c.insns, init)
	st := init
	emit := func(pc uint64, s state) {
		r := s.row()
		r.PC = pc
		rows = append(rows, r)
	}
	var stack []state
	pc := f.Start
	b := f.insns
	r := &reader{b: b}
	for r.off < uint64(len(b)) && r.err == nil {
		op := r.u8()
		var adv uint64
		advance := false
		switch op >> 6 {
		case 1: // DW_CFA_advance_loc
			op = 0x40
			adv, advance = uint64(r.b[r.off-1]&0x3f)*c.codeAlign, true
		case 2: // DW_CFA_offset
			setRule(&st, uint64(op&0x3f), rule{ruleOffset, int64(r.uleb()) * c.dataAlign})
			continue
		case 3: // DW_CFA_restore
			restore(&st, &init, uint64(op&0x3f))
			continue
		}
		switch op {
		case 0x00, 0x40: // nop, advance_loc
		case 0x01: // set_loc
			n := r.pointer(c.fdeEnc, 0, c.addrSize)
			if n > pc {
				adv, advance = n-pc, true
			}
		case 0x02:
			adv, advance = uint64(r.u8())*c.codeAlign, true
		case 0x03:
			adv, advance = uint64(r.u16())*c.codeAlign, true
		case 0x04:
			adv, advance = uint64(r.u32())*c.codeAlign, true
		case 0x05: // offset_extended
			reg := r.uleb()
			setRule(&st, reg, rule{ruleOffset, int64(r.uleb()) * c.dataAlign})
		case 0x06: // restore_extended
			restore(&st, &init, r.uleb())
		case 0x07: // undefined
			setRule(&st, r.uleb(), rule{kind: ruleUndefined})
		case 0x08: // same_value
			setRule(&st, r.uleb(), rule{kind: ruleSame})
		case 0x09: // register
			reg := r.uleb()
			r.uleb()
			setRule(&st, reg, rule{kind: ruleOther})
		case 0x0a: // remember_state
			stack = append(stack, st)
		case 0x0b: // restore_state
			if n := len(stack); n > 0 {
				st = stack[n-1]
				stack = stack[:n-1]
			}
		case 0x0c: // def_cfa
			st.cfaReg, st.cfaOff, st.cfaExpr = r.uleb(), int64(r.uleb()), nil
		case 0x0d: // def_cfa_register
			st.cfaReg, st.cfaExpr = r.uleb(), nil
		case 0x0e: // def_cfa_offset
			st.cfaOff = int64(r.uleb())
		case 0x0f: // def_cfa_expression
			n := r.uleb()
			if r.need(n) {
				st.cfaExpr = r.b[r.off : r.off+n]
				r.off += n
			}
		case 0x10: // expression
			reg := r.uleb()
			r.skip(r.uleb())
			setRule(&st, reg, rule{kind: ruleOther})
		case 0x11: // offset_extended_sf
			reg := r.uleb()
			setRule(&st, reg, rule{ruleOffset, r.sleb() * c.dataAlign})
		case 0x12: // def_cfa_sf
			st.cfaReg, st.cfaOff, st.cfaExpr = r.uleb(), r.sleb()*c.dataAlign, nil
		case 0x13: // def_cfa_offset_sf
			st.cfaOff = r.sleb() * c.dataAlign
		case 0x14, 0x15: // val_offset, val_offset_sf
			reg := r.uleb()
			if op == 0x14 {
				r.uleb()
			} else {
				r.sleb()
			}
			setRule(&st, reg, rule{kind: ruleOther})
		case 0x16: // val_expression
			reg := r.uleb()
			r.skip(r.uleb())
			setRule(&st, reg, rule{kind: ruleOther})
		case 0x2e: // GNU_args_size
			r.uleb()
		case 0x2f: // GNU_negative_offset_extended
			reg := r.uleb()
			setRule(&st, reg, rule{ruleOffset, -int64(r.uleb()) * c.dataAlign})
		default:
			// An opcode not known: the rest of the description cannot be
			// followed; its frames end the stack from here.
			emit(pc, state{cfaReg: math.MaxUint64})
			return rows
		}
		if advance && adv > 0 {
			emit(pc, st)
			pc += adv
			if pc >= end {
				return rows
			}
		}
	}
	emit(pc, st)
	return rows
}

// exec runs a CIE's initial instructions (which cannot advance).
func (c *cie) exec(insns []byte, st state) (state, error) {
	init := st
	r := &reader{b: insns}
	for r.off < uint64(len(insns)) && r.err == nil {
		op := r.u8()
		switch op >> 6 {
		case 1:
			continue
		case 2:
			setRule(&st, uint64(op&0x3f), rule{ruleOffset, int64(r.uleb()) * c.dataAlign})
			continue
		case 3:
			restore(&st, &init, uint64(op&0x3f))
			continue
		}
		switch op {
		case 0x00:
		case 0x05:
			reg := r.uleb()
			setRule(&st, reg, rule{ruleOffset, int64(r.uleb()) * c.dataAlign})
		case 0x07:
			setRule(&st, r.uleb(), rule{kind: ruleUndefined})
		case 0x08:
			setRule(&st, r.uleb(), rule{kind: ruleSame})
		case 0x09:
			reg := r.uleb()
			r.uleb()
			setRule(&st, reg, rule{kind: ruleOther})
		case 0x0c:
			st.cfaReg, st.cfaOff, st.cfaExpr = r.uleb(), int64(r.uleb()), nil
		case 0x0d:
			st.cfaReg, st.cfaExpr = r.uleb(), nil
		case 0x0e:
			st.cfaOff = int64(r.uleb())
		case 0x0f:
			n := r.uleb()
			if r.need(n) {
				st.cfaExpr = r.b[r.off : r.off+n]
				r.off += n
			}
		case 0x10, 0x16:
			reg := r.uleb()
			r.skip(r.uleb())
			setRule(&st, reg, rule{kind: ruleOther})
		case 0x11:
			reg := r.uleb()
			setRule(&st, reg, rule{ruleOffset, r.sleb() * c.dataAlign})
		case 0x12:
			st.cfaReg, st.cfaOff, st.cfaExpr = r.uleb(), r.sleb()*c.dataAlign, nil
		case 0x13:
			st.cfaOff = r.sleb() * c.dataAlign
		case 0x2e:
			r.uleb()
		default:
			return st, fmt.Errorf("CIE opcode %#x", op)
		}
	}
	return st, r.err
}

func setRule(st *state, reg uint64, r rule) {
	switch reg {
	case regRBP:
		st.bp = r
	case regRA:
		st.ra = r
	}
}

func restore(st, init *state, reg uint64) {
	switch reg {
	case regRBP:
		st.bp = init.bp
	case regRA:
		st.ra = init.ra
	}
}

// Expressions the tables know (glibc's and binutils' x86-64 forms).
var (
	// A signal trampoline's CFA: DW_OP_breg7 160 (the interrupted rsp in
	// the ucontext); DW_OP_deref.
	sigCFA = []byte{0x77, 0xa0, 0x01, 0x06}
	// A PLT entry's CFA: DW_OP_breg7 OFF; DW_OP_breg16 0; DW_OP_lit15;
	// DW_OP_and; DW_OP_litN; DW_OP_ge; DW_OP_lit3; DW_OP_shl; DW_OP_plus.
	pltTail = []byte{0x80, 0x00, 0x3f, 0x1a}
)

// row returns the table's row for st.
func (st state) row() Row {
	if st.cfaReg == math.MaxUint64 {
		return Row{Kind: Invalid}
	}
	if st.ra.kind == ruleUndefined {
		return Row{Kind: End}
	}
	if st.cfaExpr != nil {
		return exprRow(st.cfaExpr)
	}
	if st.ra.kind != ruleOffset || st.ra.off != -8 || st.cfaOff < math.MinInt16 || st.cfaOff > math.MaxInt16 {
		return Row{Kind: Invalid}
	}
	r := Row{CFAOffset: int16(st.cfaOff)}
	switch st.cfaReg {
	case regRSP:
		r.Kind = SP
	case regRBP:
		r.Kind = BP
	default:
		return Row{Kind: Invalid}
	}
	r.BP = bpRule(st.bp)
	return r
}

// bpRule encodes where the caller's rbp is.
func bpRule(bp rule) int8 {
	switch bp.kind {
	case ruleSame:
		return 0
	case ruleOffset:
		if bp.off%8 == 0 && bp.off != 0 && bp.off/8 >= -127 && bp.off/8 <= 127 {
			return int8(bp.off / 8)
		}
	}
	return BPUnknown
}

// exprRow returns the row of a CFA given by expression e.
func exprRow(e []byte) Row {
	if bytes.Equal(e, sigCFA) {
		return Row{Kind: Signal}
	}
	// DW_OP_breg7 OFF (sleb) ...
	if len(e) >= 2 && e[0] == 0x77 {
		r := &reader{b: e, off: 1}
		off := r.sleb()
		rest := r.rest()
		if r.err == nil && len(rest) == 9 && bytes.Equal(rest[:4], pltTail) &&
			rest[4] >= 0x30 && rest[4] <= 0x4f && bytes.Equal(rest[5:], []byte{0x2a, 0x33, 0x24, 0x22}) &&
			off >= 0 && off <= math.MaxInt16 {
			return Row{Kind: PLT, CFAOffset: int16(off), BP: int8(rest[4] - 0x30)}
		}
	}
	// DW_OP_breg6 OFF; DW_OP_deref: the CFA saved below rbp.
	if len(e) >= 3 && e[0] == 0x76 && e[len(e)-1] == 0x06 {
		r := &reader{b: e[:len(e)-1], off: 1}
		off := r.sleb()
		if r.err == nil && r.off == uint64(len(e)-1) && off >= math.MinInt16 && off <= math.MaxInt16 {
			return Row{Kind: DerefBP, CFAOffset: int16(off)}
		}
	}
	return Row{Kind: Invalid}
}
