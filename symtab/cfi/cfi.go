// Package cfi reads an ELF object's call-frame information (.eh_frame, or
// .debug_frame) and compresses it into the unwind table that dtrace's BPF
// programs search to walk a user stack without frame pointers (see
// abi.UnwindRow): for each address range of the object, how to find the
// canonical frame address and the caller's rbp on x86-64.
//
// It is part of dtrace-go's implementation, not of its API (README.md's
// layout table names the packages a program imports).
package cfi

import (
	"cmp"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
)

// ErrNoFrameInfo is returned for an object with neither .eh_frame nor
// .debug_frame.
var ErrNoFrameInfo = errors.New("no call-frame information")

// ErrAddressRange is returned for an object whose addresses do not fit the
// table's 32-bit offsets.
var ErrAddressRange = errors.New("addresses beyond 4 GiB")

// Row is one row of an unwind table: from PC on (a link-time address), the
// frame's canonical frame address (CFA: the caller's stack pointer, the
// return address at CFA-8) is found as Kind says, from CFAOffset; BP is
// where the caller's rbp is saved, in 8-byte words from the CFA (0:
// unchanged; BPUnknown: lost), or a PLT row's threshold.
type Row struct {
	PC        uint64
	Kind      Kind
	BP        int8
	CFAOffset int16
}

// Kind says how a row finds its CFA.
type Kind uint8

// Row kinds.
const (
	// FP: no call-frame information (a gap between descriptions): frame
	// pointers (CFA = rbp+16, rbp saved at CFA-16).
	FP Kind = iota
	// SP: CFA = rsp + CFAOffset.
	SP
	// BP: CFA = rbp + CFAOffset.
	BP
	// PLT: a PLT entry: CFA = rsp + CFAOffset, 8 more when (rip & 15) >=
	// the threshold in BP.
	PLT
	// Signal: a signal trampoline: the interrupted registers are in the
	// ucontext at rsp.
	Signal
	// End: the outermost frame (its return address is undefined).
	End
	// DerefBP: CFA = *(rbp + CFAOffset) (a function that realigns its
	// stack).
	DerefBP
	// Invalid: a rule an unwinder of these rows cannot follow.
	Invalid
)

// BPUnknown is a row's BP when the caller's rbp cannot be recovered.
const BPUnknown = -128

// Table is an object's unwind table, sorted by address.
type Table struct {
	Rows []Row
}

// Lookup returns the row covering link-time address pc, and false when
// there is none (pc is before the first range).
func (t *Table) Lookup(pc uint64) (Row, bool) {
	i, found := slices.BinarySearchFunc(t.Rows, pc, func(r Row, pc uint64) int { return cmp.Compare(r.PC, pc) })
	if !found {
		if i == 0 {
			return Row{}, false
		}
		i--
	}
	return t.Rows[i], true
}

// Read returns the unwind table of f: from its .eh_frame, else its
// .debug_frame.
func Read(f *elf.File) (*Table, error) {
	if f.Machine != elf.EM_X86_64 || f.Class != elf.ELFCLASS64 {
		return nil, fmt.Errorf("read frame information: machine %v: %w", f.Machine, errors.ErrUnsupported)
	}
	for _, name := range []string{".eh_frame", ".debug_frame"} {
		s := f.Section(name)
		if s == nil || s.Type == elf.SHT_NOBITS || s.Size == 0 {
			continue
		}
		data, err := s.Data()
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", name, err)
		}
		fdes, err := Parse(data, s.Addr, name == ".eh_frame")
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", name, err)
		}
		if len(fdes) == 0 {
			continue
		}
		return Build(fdes)
	}
	return nil, ErrNoFrameInfo
}

// FDE is one frame description: the CFA program of its CIE, then its
// own, for the addresses [Start, End).
type FDE struct {
	Start, End uint64
	cie        *cie
	insns      []byte
}

// cie is a common information entry.
type cie struct {
	codeAlign  uint64
	dataAlign  int64
	ra         uint64
	fdeEnc     byte
	lsdaEnc    byte
	aug        bool // 'z': FDEs have an augmentation length
	signal     bool // 'S': a signal frame
	addrSize   int
	insns      []byte
	ehFrame    bool
	sectionOff uint64
}

var le = binary.LittleEndian

// Parse returns the frame descriptions of a .eh_frame (ehFrame) or
// .debug_frame section whose bytes are data, loaded at link-time address
// addr.
func Parse(data []byte, addr uint64, ehFrame bool) ([]FDE, error) {
	cies := map[uint64]*cie{}
	var fdes []FDE
	for off := uint64(0); off+4 <= uint64(len(data)); {
		start := off
		length := uint64(le.Uint32(data[off:]))
		off += 4
		dwarf64 := false
		if length == 0xffffffff {
			if off+8 > uint64(len(data)) {
				return nil, errTruncated(start)
			}
			length = le.Uint64(data[off:])
			off += 8
			dwarf64 = true
		}
		if length == 0 {
			if ehFrame {
				break // the terminator
			}
			continue
		}
		body := off
		end := off + length
		if end > uint64(len(data)) || end < off {
			return nil, errTruncated(start)
		}
		off = end
		r := &reader{b: data[:end], off: body}
		var id uint64
		if dwarf64 {
			id = r.u64()
		} else {
			id = uint64(r.u32())
		}
		isCIE := ehFrame && id == 0 || !ehFrame && (id == 0xffffffff && !dwarf64 || id == ^uint64(0))
		if isCIE {
			c, err := parseCIE(r, ehFrame)
			if err != nil {
				return nil, fmt.Errorf("CIE at %#x: %w", start, err)
			}
			c.sectionOff = start
			cies[start] = c
			continue
		}
		cieOff := id
		if ehFrame {
			cieOff = body - id
		}
		c := cies[cieOff]
		if c == nil {
			// A CIE after its FDE: parse it where it is.
			var err error
			if c, err = parseCIEAt(data, cieOff, ehFrame); err != nil {
				return nil, fmt.Errorf("FDE at %#x: %w", start, err)
			}
			cies[cieOff] = c
		}
		fde, err := parseFDE(r, c, addr)
		if err != nil {
			return nil, fmt.Errorf("FDE at %#x: %w", start, err)
		}
		if fde.End > fde.Start {
			fdes = append(fdes, fde)
		}
	}
	return fdes, nil
}

func errTruncated(off uint64) error { return fmt.Errorf("entry at %#x: truncated", off) }

// parseCIEAt parses the CIE at section offset off.
func parseCIEAt(data []byte, off uint64, ehFrame bool) (*cie, error) {
	if off+8 > uint64(len(data)) {
		return nil, fmt.Errorf("no CIE at %#x", off)
	}
	length := uint64(le.Uint32(data[off:]))
	body := off + 4
	if length == 0xffffffff {
		return nil, fmt.Errorf("64-bit CIE at %#x: %w", off, errors.ErrUnsupported)
	}
	end := body + length
	if end > uint64(len(data)) {
		return nil, errTruncated(off)
	}
	r := &reader{b: data[:end], off: body + 4}
	c, err := parseCIE(r, ehFrame)
	if err != nil {
		return nil, err
	}
	c.sectionOff = off
	return c, nil
}

func parseCIE(r *reader, ehFrame bool) (*cie, error) {
	c := &cie{addrSize: 8, ehFrame: ehFrame, fdeEnc: 0}
	version := r.u8()
	aug := r.cstring()
	if len(aug) >= 2 && aug[:2] == "eh" {
		r.skip(8)
	}
	if version >= 4 {
		c.addrSize = int(r.u8())
		r.u8() // segment selector size
	}
	c.codeAlign = r.uleb()
	c.dataAlign = r.sleb()
	if version == 1 {
		c.ra = uint64(r.u8())
	} else {
		c.ra = r.uleb()
	}
	if len(aug) > 0 && aug[0] == 'z' {
		c.aug = true
		n := r.uleb()
		augEnd := r.off + n
		for _, ch := range aug[1:] {
			switch ch {
			case 'L':
				c.lsdaEnc = r.u8()
			case 'P':
				enc := r.u8()
				r.pointer(enc, 0, c.addrSize)
			case 'R':
				c.fdeEnc = r.u8()
			case 'S':
				c.signal = true
			}
		}
		r.off = augEnd
	} else if aug != "" && aug != "eh" {
		return nil, fmt.Errorf("augmentation %q: %w", aug, errors.ErrUnsupported)
	}
	if r.err != nil {
		return nil, r.err
	}
	c.insns = r.rest()
	return c, nil
}

func parseFDE(r *reader, c *cie, addr uint64) (FDE, error) {
	var start, size uint64
	if c.ehFrame {
		start = r.pointer(c.fdeEnc, addr, c.addrSize)
		size = r.pointer(c.fdeEnc&0x0f, addr, c.addrSize)
	} else {
		start = r.addr(c.addrSize)
		size = r.addr(c.addrSize)
	}
	if c.aug {
		n := r.uleb()
		r.skip(n)
	}
	if r.err != nil {
		return FDE{}, r.err
	}
	return FDE{Start: start, End: start + size, cie: c, insns: r.rest()}, nil
}

// reader reads a section's bytes; the first error sticks.
type reader struct {
	b   []byte
	off uint64
	err error
}

func (r *reader) need(n uint64) bool {
	if r.err != nil {
		return false
	}
	if r.off+n > uint64(len(r.b)) || r.off+n < r.off {
		r.err = errors.New("truncated")
		return false
	}
	return true
}

func (r *reader) u8() byte {
	if !r.need(1) {
		return 0
	}
	v := r.b[r.off]
	r.off++
	return v
}

func (r *reader) u16() uint16 {
	if !r.need(2) {
		return 0
	}
	v := le.Uint16(r.b[r.off:])
	r.off += 2
	return v
}

func (r *reader) u32() uint32 {
	if !r.need(4) {
		return 0
	}
	v := le.Uint32(r.b[r.off:])
	r.off += 4
	return v
}

func (r *reader) u64() uint64 {
	if !r.need(8) {
		return 0
	}
	v := le.Uint64(r.b[r.off:])
	r.off += 8
	return v
}

func (r *reader) skip(n uint64) {
	if r.need(n) {
		r.off += n
	}
}

func (r *reader) uleb() uint64 {
	var v uint64
	for shift := uint(0); ; shift += 7 {
		b := r.u8()
		if r.err != nil {
			return 0
		}
		if shift < 64 {
			v |= uint64(b&0x7f) << shift
		}
		if b&0x80 == 0 {
			return v
		}
	}
}

func (r *reader) sleb() int64 {
	var v int64
	var shift uint
	var b byte
	for {
		b = r.u8()
		if r.err != nil {
			return 0
		}
		if shift < 64 {
			v |= int64(b&0x7f) << shift
		}
		shift += 7
		if b&0x80 == 0 {
			break
		}
	}
	if shift < 64 && b&0x40 != 0 {
		v |= -1 << shift
	}
	return v
}

func (r *reader) cstring() string {
	start := r.off
	for r.off < uint64(len(r.b)) && r.b[r.off] != 0 {
		r.off++
	}
	s := string(r.b[start:r.off])
	r.skip(1)
	return s
}

func (r *reader) rest() []byte {
	if r.err != nil || r.off > uint64(len(r.b)) {
		return nil
	}
	return r.b[r.off:]
}

func (r *reader) addr(size int) uint64 {
	if size == 4 {
		return uint64(r.u32())
	}
	return r.u64()
}

// pointer reads a pointer of DWARF encoding enc (DW_EH_PE_*); a
// pc-relative one is relative to its own address, secAddr being the
// section's.
func (r *reader) pointer(enc byte, secAddr uint64, addrSize int) uint64 {
	if enc == 0xff {
		return 0 // omitted
	}
	here := secAddr + r.off
	var v uint64
	switch enc & 0x0f {
	case 0x00:
		v = r.addr(addrSize)
	case 0x01:
		v = r.uleb()
	case 0x02:
		v = uint64(r.u16())
	case 0x03:
		v = uint64(r.u32())
	case 0x04:
		v = r.u64()
	case 0x09:
		v = uint64(r.sleb())
	case 0x0a:
		v = uint64(int64(int16(r.u16())))
	case 0x0b:
		v = uint64(int64(int32(r.u32())))
	case 0x0c:
		v = r.u64()
	default:
		r.err = fmt.Errorf("pointer encoding %#x: %w", enc, errors.ErrUnsupported)
	}
	if enc&0x70 == 0x10 { // DW_EH_PE_pcrel
		v += here
	}
	return v
}
