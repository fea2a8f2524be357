package symtab

import (
	"bytes"
	"debug/elf"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// SDTProbe is one site of a SystemTap SDT probe (sys/sdt.h's STAP_PROBE
// and DTRACE_PROBE macros), read from the object's .note.stapsdt notes.
type SDTProbe struct {
	Provider, Name string
	// Addr is the link-time address of the probe's site (the nop the
	// macro placed), adjusted by the .stapsdt.base section's address as
	// the note asks (prelink may have moved the object).
	Addr uint64
	// Semaphore is the link-time address of the probe's semaphore, a
	// 16-bit counter the program tests before it evaluates the
	// arguments, adjusted as Addr is; 0 when the probe has none.
	Semaphore uint64
	// Args are the probe's arguments, as the note's argument string
	// describes them.
	Args []SDTArg
	// ArgText is the note's argument string.
	ArgText string
}

// SDTArgKind says where an SDT probe argument is.
type SDTArgKind uint8

// Argument kinds.
const (
	SDTRegister  SDTArgKind = iota + 1 // in a register (Reg)
	SDTMemory                          // in memory at Base + Index*Scale + Disp (+ Symbol's address)
	SDTImmediate                       // a constant (Value)
)

// Register is an x86-64 register an SDT argument names, or part of one.
type Register struct {
	// Name is the full 64-bit register's name without '%' ("rax", "r13",
	// "rip").
	Name string
	// Bits is how many bits of it are named: 64, 32 (%eax, %r13d), 16
	// (%ax, %r13w) or 8 (%al, %dil, %r13b, %ah).
	Bits int
	// Shift is 8 for %ah, %bh, %ch and %dh (bits 8 to 15), else 0.
	Shift int
}

// SDTArg is one argument of an SDT probe: its size and signedness (the
// note's "-4@" prefix) and where its value is.
type SDTArg struct {
	Size   int  // bytes: 1, 2, 4 or 8
	Signed bool // a negative size: sign-extended
	// Float says the value is floating-point (an "f" after the size,
	// "8f@": newer sys/sdt.h's notes, and dtrace -h's): its bits, which
	// are read as an unsigned integer's.
	Float bool
	Kind  SDTArgKind
	// Reg is the register of an SDTRegister argument.
	Reg Register
	// Base and Index are the registers of an SDTMemory argument (Index
	// unset when there is none; Base unset for an absolute address); Scale
	// multiplies Index.
	Base, Index Register
	Scale       int
	// Disp is the displacement of an SDTMemory argument, and Symbol the
	// symbol whose address it adds ("" when none): 40+CheckpointStats(%rip)
	// is Symbol "CheckpointStats", Disp 40, Base %rip, the operand's value
	// being CheckpointStats's address plus 40, %rip-relative addressing
	// being how the assembler reached it.
	Disp   int64
	Symbol string
	// Value is the constant of an SDTImmediate argument.
	Value int64
}

// ntStapSDT is the type of a .note.stapsdt note.
const ntStapSDT = 3

// SDTProbes returns the object's SDT probe sites, in note order.
func (im *Image) SDTProbes() ([]SDTProbe, error) {
	s := im.f.Section(".note.stapsdt")
	if s == nil {
		return nil, nil
	}
	data, err := s.Data()
	if err != nil {
		return nil, fmt.Errorf("read %s .note.stapsdt: %w", im.name, err)
	}
	var adjust uint64
	base := im.f.Section(".stapsdt.base")
	probes, err := parseSDTNotes(data, im.f.ByteOrder, im.f.Class)
	if err != nil {
		return nil, fmt.Errorf("read %s .note.stapsdt: %w", im.name, err)
	}
	for i := range probes {
		p := &probes[i]
		if base != nil && p.noteBase != 0 {
			adjust = base.Addr - p.noteBase
			p.Addr += adjust
			if p.Semaphore != 0 {
				p.Semaphore += adjust
			}
		}
	}
	out := make([]SDTProbe, len(probes))
	for i, p := range probes {
		out[i] = p.SDTProbe
	}
	return out, nil
}

type sdtNote struct {
	SDTProbe
	noteBase uint64
}

// parseSDTNotes parses the notes of a .note.stapsdt section.
func parseSDTNotes(data []byte, bo interface {
	Uint32([]byte) uint32
	Uint64([]byte) uint64
}, class elf.Class) ([]sdtNote, error) {
	word := 8
	if class == elf.ELFCLASS32 {
		word = 4
	}
	addr := func(b []byte) uint64 {
		if word == 4 {
			return uint64(bo.Uint32(b))
		}
		return bo.Uint64(b)
	}
	var out []sdtNote
	for len(data) >= 12 {
		namesz, descsz, typ := uint64(bo.Uint32(data)), uint64(bo.Uint32(data[4:])), bo.Uint32(data[8:])
		nameEnd := 12 + align4(namesz)
		descEnd := nameEnd + align4(descsz)
		if nameEnd > uint64(len(data)) || nameEnd+descsz > uint64(len(data)) {
			return out, fmt.Errorf("note of %d bytes past the section's end", descsz)
		}
		name, desc := data[12:12+namesz], data[nameEnd:nameEnd+descsz]
		if descEnd > uint64(len(data)) {
			descEnd = uint64(len(data))
		}
		data = data[descEnd:]
		if typ != ntStapSDT || string(bytes.TrimRight(name, "\x00")) != "stapsdt" {
			continue
		}
		if len(desc) < 3*word {
			return out, fmt.Errorf("stapsdt note of %d bytes", len(desc))
		}
		n := sdtNote{noteBase: addr(desc[word:])}
		n.Addr, n.Semaphore = addr(desc), addr(desc[2*word:])
		strs := bytes.Split(desc[3*word:], []byte{0})
		if len(strs) < 3 {
			return out, fmt.Errorf("stapsdt note without provider, name and arguments")
		}
		n.Provider, n.Name, n.ArgText = string(strs[0]), string(strs[1]), string(strs[2])
		args, err := ParseSDTArgs(n.ArgText)
		if err != nil {
			return out, fmt.Errorf("probe %s:%s: %w", n.Provider, n.Name, err)
		}
		n.Args = args
		out = append(out, n)
	}
	return out, nil
}

// ParseSDTArgs parses an SDT probe's argument string (x86-64, AT&T
// syntax): arguments separated by blanks, each "SIZE@OPERAND", SIZE one of
// 1, 2, 4, 8, negative for a signed value, followed by "f" for a
// floating-point one. An argument without "SIZE@" is taken as 8 bytes,
// unsigned.
func ParseSDTArgs(s string) ([]SDTArg, error) {
	var out []SDTArg
	for _, f := range strings.Fields(s) {
		a, err := parseSDTArg(f)
		if err != nil {
			return nil, fmt.Errorf("argument %q: %w", f, err)
		}
		out = append(out, a)
	}
	return out, nil
}

func parseSDTArg(f string) (SDTArg, error) {
	a := SDTArg{Size: 8}
	if at := strings.IndexByte(f, '@'); at >= 0 {
		size := f[:at]
		if strings.HasSuffix(size, "f") {
			a.Float, size = true, size[:len(size)-1]
		}
		n, err := strconv.Atoi(size)
		if err != nil {
			return a, fmt.Errorf("bad size %q", f[:at])
		}
		if n < 0 {
			a.Signed, n = true, -n
		}
		if a.Float {
			a.Signed = false
		}
		switch n {
		case 1, 2, 4, 8:
		default:
			return a, fmt.Errorf("bad size %d", n)
		}
		a.Size, f = n, f[at+1:]
	}
	switch {
	case f == "":
		return a, fmt.Errorf("no operand")
	case f[0] == '%':
		r, ok := parseRegister(f[1:])
		if !ok {
			return a, fmt.Errorf("unknown register %s", f)
		}
		a.Kind, a.Reg = SDTRegister, r
		return a, nil
	case f[0] == '$':
		v, err := parseInt(f[1:])
		if err != nil {
			return a, fmt.Errorf("bad constant %s", f)
		}
		a.Kind, a.Value = SDTImmediate, v
		return a, nil
	}
	// Memory: DISP(BASE,INDEX,SCALE), any part optional but the
	// parentheses, or a bare DISP (an absolute address).
	a.Kind = SDTMemory
	disp, regs := f, ""
	if i := strings.IndexByte(f, '('); i >= 0 {
		if !strings.HasSuffix(f, ")") {
			return a, fmt.Errorf("unbalanced parentheses")
		}
		disp, regs = f[:i], f[i+1:len(f)-1]
	}
	if err := a.parseDisp(disp); err != nil {
		return a, err
	}
	if regs == "" {
		return a, nil
	}
	parts := strings.Split(regs, ",")
	if len(parts) > 3 {
		return a, fmt.Errorf("bad memory operand")
	}
	reg := func(s string) (Register, error) {
		if s == "" {
			return Register{}, nil
		}
		r, ok := Register{}, false
		if s[0] == '%' {
			r, ok = parseRegister(s[1:])
		}
		if !ok || r.Bits != 64 && r.Name != "rip" {
			return r, fmt.Errorf("bad address register %s", s)
		}
		return r, nil
	}
	var err error
	if a.Base, err = reg(parts[0]); err != nil {
		return a, err
	}
	if len(parts) > 1 {
		if a.Index, err = reg(parts[1]); err != nil {
			return a, err
		}
		a.Scale = 1
	}
	if len(parts) > 2 {
		switch parts[2] {
		case "1", "2", "4", "8":
			a.Scale = int(parts[2][0] - '0')
		default:
			return a, fmt.Errorf("bad scale %s", parts[2])
		}
	}
	if a.Index.Name == "rip" || a.Base.Name == "rip" && a.Index.Name != "" {
		return a, fmt.Errorf("bad use of %%rip")
	}
	return a, nil
}

// parseDisp parses a displacement: a number, a symbol, or a sum of one
// symbol and numbers (40+CheckpointStats, sym-8).
func (a *SDTArg) parseDisp(s string) error {
	for s != "" {
		neg := false
		switch s[0] {
		case '+':
			s = s[1:]
		case '-':
			neg, s = true, s[1:]
		}
		end := strings.IndexAny(s, "+-")
		term := s
		if end >= 0 {
			term, s = s[:end], s[end:]
		} else {
			s = ""
		}
		if term == "" {
			return fmt.Errorf("bad displacement")
		}
		if term[0] >= '0' && term[0] <= '9' {
			v, err := parseInt(term)
			if err != nil {
				return fmt.Errorf("bad displacement %s", term)
			}
			if neg {
				v = -v
			}
			a.Disp += v
			continue
		}
		if neg || a.Symbol != "" || !symbolName(term) {
			return fmt.Errorf("bad displacement %s", term)
		}
		a.Symbol = term
	}
	return nil
}

func symbolName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c == '.' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}

// parseInt parses a decimal or 0x-prefixed hexadecimal integer, with an
// optional sign.
func parseInt(s string) (int64, error) {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var u uint64
	var err error
	if strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X") {
		u, err = strconv.ParseUint(s[2:], 16, 64)
	} else {
		u, err = strconv.ParseUint(s, 10, 64)
	}
	if err != nil {
		return 0, err
	}
	if neg {
		return -int64(u), nil
	}
	return int64(u), nil
}

// legacy names the eight original registers by their 64-bit names, with
// their 32-, 16- and 8-bit names.
var legacy = []struct{ r64, r32, r16, r8, r8h string }{
	{"rax", "eax", "ax", "al", "ah"},
	{"rbx", "ebx", "bx", "bl", "bh"},
	{"rcx", "ecx", "cx", "cl", "ch"},
	{"rdx", "edx", "dx", "dl", "dh"},
	{"rsi", "esi", "si", "sil", ""},
	{"rdi", "edi", "di", "dil", ""},
	{"rbp", "ebp", "bp", "bpl", ""},
	{"rsp", "esp", "sp", "spl", ""},
}

// parseRegister parses an x86-64 register name (without '%').
func parseRegister(s string) (Register, bool) {
	if s == "rip" {
		return Register{Name: "rip", Bits: 64}, true
	}
	for _, l := range legacy {
		switch s {
		case l.r64:
			return Register{Name: l.r64, Bits: 64}, true
		case l.r32:
			return Register{Name: l.r64, Bits: 32}, true
		case l.r16:
			return Register{Name: l.r64, Bits: 16}, true
		case l.r8:
			return Register{Name: l.r64, Bits: 8}, true
		case l.r8h:
			if s != "" {
				return Register{Name: l.r64, Bits: 8, Shift: 8}, true
			}
		}
	}
	// r8..r15, with a d, w or b suffix.
	if len(s) < 2 || s[0] != 'r' {
		return Register{}, false
	}
	num, suffix := s[1:], ""
	if c := num[len(num)-1]; c == 'd' || c == 'w' || c == 'b' {
		num, suffix = num[:len(num)-1], string(c)
	}
	n, err := strconv.Atoi(num)
	if err != nil || n < 8 || n > 15 || num[0] == '0' {
		return Register{}, false
	}
	r := Register{Name: "r" + num, Bits: 64}
	switch suffix {
	case "d":
		r.Bits = 32
	case "w":
		r.Bits = 16
	case "b":
		r.Bits = 8
	}
	return r, true
}

// SDTProviders returns the names of the SDT providers of the ELF object
// at path, each once, without reading its symbols.
func SDTProviders(path string) ([]string, error) {
	im, err := OpenImage(path)
	if err != nil {
		return nil, err
	}
	defer im.Close()
	probes, err := im.SDTProbes()
	if err != nil {
		return nil, err
	}
	var out []string
	for _, p := range probes {
		if !slices.Contains(out, p.Provider) {
			out = append(out, p.Provider)
		}
	}
	return out, nil
}
