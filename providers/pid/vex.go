package pid

// The instructions encoded with a VEX or EVEX prefix (AVX, AVX-512) are
// measured here rather than by x86asm, which takes some of them for longer
// than they are (vzeroupper, c5 f8 77, for four bytes: the next byte with
// it), and which the kernel's uprobes misread (vexMisread).

// vexPrefix returns the length of the VEX (c4, c5) or EVEX (62) prefix at
// the start of b, and the opcode map it selects (1 for 0f, 2 for 0f38, 3
// for 0f3a, 5 and 6 for AVX512-FP16's), or 0 when b starts with none. In
// 64-bit mode these bytes are always such prefixes.
func vexPrefix(b []byte) (n, m int) {
	if len(b) == 0 {
		return 0, 0
	}
	switch b[0] {
	case 0xc5:
		return 2, 1
	case 0xc4:
		if len(b) < 2 {
			return 0, 0
		}
		return 3, int(b[1] & 0x1f)
	case 0x62:
		if len(b) < 2 {
			return 0, 0
		}
		return 4, int(b[1] & 0x07)
	}
	return 0, 0
}

// vexLen returns the length of the VEX- or EVEX-encoded instruction at
// the start of b, after any segment override and address-size prefixes
// (the only legacy prefixes that may precede one), or 0 when b does not
// start with one or it is not of a map this decoder knows. The opcode is
// followed by a ModRM (but for vzeroupper and vzeroall), its SIB and
// displacement, and an 8-bit immediate for every instruction of map 0f3a
// and for those of map 0f that take one (pshufd, the shifts by an
// immediate, cmpps, pinsrw, pextrw, shufps).
func vexLen(b []byte) int {
	i := 0
	for i < len(b) && i < 4 && isVEXLegacyPrefix(b[i]) {
		i++
	}
	start := i
	n, m := vexPrefix(b[i:])
	if n == 0 {
		return 0
	}
	switch m {
	case 1, 2, 3, 5, 6:
	default:
		return 0 // XOP, APX's map 4, or reserved
	}
	i += n
	if i >= len(b) {
		return 0
	}
	op := b[i]
	i++
	if m == 1 && op == 0x77 && b[start] != 0x62 {
		return i // vzeroupper, vzeroall: no ModRM
	}
	l := modrmLen(b[i:])
	if l == 0 {
		return 0
	}
	i += l
	if m == 3 || m == 1 && (op >= 0x70 && op <= 0x73 || op == 0xc2 || op == 0xc4 || op == 0xc5 || op == 0xc6) {
		i++
	}
	if i > len(b) {
		return 0
	}
	return i
}

// isVEXLegacyPrefix reports whether b is a prefix that may come before a
// VEX or EVEX prefix: a segment override or the address-size prefix.
func isVEXLegacyPrefix(b byte) bool {
	switch b {
	case 0x26, 0x2e, 0x36, 0x3e, 0x64, 0x65, 0x67:
		return true
	}
	return false
}

// modrmLen returns the length of the ModRM byte at the start of b with the
// SIB byte and displacement it calls for, 0 when b is too short.
func modrmLen(b []byte) int {
	if len(b) == 0 {
		return 0
	}
	mod, rm := b[0]>>6, b[0]&7
	n := 1
	if mod == 3 {
		return n
	}
	if rm == 4 {
		if len(b) < 2 {
			return 0
		}
		if mod == 0 && b[1]&7 == 5 {
			n += 4 // no base: a 32-bit displacement
		}
		n++
	}
	switch {
	case mod == 0 && rm == 5:
		n += 4 // %rip-relative
	case mod == 1:
		n++
	case mod == 2:
		n += 4
	}
	return n
}

// vexMisread is what the kernel's uprobes take a VEX or EVEX instruction
// with this opcode byte for (arch/x86/kernel/uprobes.c reads the byte
// after the prefix as a one-byte opcode): a conditional jump (70-7f), a
// jmp or a call (e8, e9, eb) or a nop (90), which it emulates rather than
// runs, so that the instruction is never run (vmovdqu %ymm0,(%rdi), c5 fe
// 7f 07, stores nothing; evex vpbroadcastb, 62 e2 7d 28 7a ce, broadcasts
// nothing: strchrnul finds nothing); a return or a far jump (c2, c3, ca,
// cb, ea) or an indirect call or jump (ff), after which it leaves the
// instruction pointer in its out-of-line copy, or moves the word at the
// stack pointer as a call's return address; popf (9d), whose flags it
// sets. A uprobe is never placed on one.
var vexMisread = func() [256]bool {
	var t [256]bool
	for op := 0x70; op <= 0x7f; op++ {
		t[op] = true
	}
	for _, op := range []byte{0x90, 0x9a, 0x9d, 0xc2, 0xc3, 0xca, 0xcb, 0xe8, 0xe9, 0xea, 0xeb, 0xff} {
		t[op] = true
	}
	return t
}()
