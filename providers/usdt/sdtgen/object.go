package sdtgen

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"fmt"
	"io"
	"runtime"
	"slices"
)

// Target is the kind of ELF object the build links: the object dtrace -G
// writes is of the same class, byte order, machine and flags as the
// application's objects, or, when it names none, of the machine dtrace
// runs on.
type Target struct {
	Class   elf.Class
	Data    elf.Data
	Machine elf.Machine
	// Flags are the objects' e_flags, which some machines' linkers
	// compare (RISC-V's float ABI, ARM's EABI version).
	Flags uint32
}

// HostTarget returns the target of the machine dtrace runs on. bits is
// 32 or 64 for dtrace's -32 and -64 (the other model of the same
// processor), 0 for the machine's own.
func HostTarget(bits int) (Target, error) {
	t := Target{Class: elf.ELFCLASS64, Data: elf.ELFDATA2LSB}
	switch runtime.GOARCH {
	case "amd64", "386":
		t.Machine = elf.EM_X86_64
		if bits == 32 || bits == 0 && runtime.GOARCH == "386" {
			t.Class, t.Machine = elf.ELFCLASS32, elf.EM_386
		}
	case "arm64", "arm":
		t.Machine = elf.EM_AARCH64
		if bits == 32 || bits == 0 && runtime.GOARCH == "arm" {
			t.Class, t.Machine, t.Flags = elf.ELFCLASS32, elf.EM_ARM, 0x05000000 // EF_ARM_EABI_VER5
		}
	case "riscv64":
		t.Machine, t.Flags = elf.EM_RISCV, 0x5 // EF_RISCV_RVC | EF_RISCV_FLOAT_ABI_DOUBLE
	case "ppc64le":
		t.Machine, t.Flags = elf.EM_PPC64, 2 // the ELFv2 ABI
	case "ppc64":
		t.Machine, t.Data, t.Flags = elf.EM_PPC64, elf.ELFDATA2MSB, 1
	case "s390x":
		t.Machine, t.Data = elf.EM_S390, elf.ELFDATA2MSB
	case "loong64":
		t.Machine, t.Flags = elf.EM_LOONGARCH, 0x43 // LP64D, object ABI v1
	default:
		return t, fmt.Errorf("no ELF machine known for %s: name an object file of the build", runtime.GOARCH)
	}
	if bits == 32 && t.Class != elf.ELFCLASS32 || bits == 64 && t.Class != elf.ELFCLASS64 {
		return t, fmt.Errorf("no %d-bit ELF objects known for %s", bits, runtime.GOARCH)
	}
	return t, nil
}

// WriteObject writes the ELF relocatable object dtrace -G writes for
// provs: the probes' semaphores, what SystemTap's dtrace compiles from
// the C it generates, unsigned shorts in section .probes (data, so that
// they are in the file's pages, where a uprobe's reference counter must
// be), global and hidden (each shared object has its own), zero. source
// names the object's source file in its symbol table (the script).
//
// The probe sites are in the application's objects, built with the
// header: their notes name the semaphores, which linking them with this
// object resolves.
func WriteObject(w io.Writer, t Target, source string, provs []Provider) error {
	if err := check(provs); err != nil {
		return err
	}
	var sems []string
	for _, pv := range provs {
		for _, pr := range pv.Probes {
			if s := Semaphore(pv.Name, pr.Name); !slices.Contains(sems, s) {
				sems = append(sems, s)
			}
		}
	}
	o := newELF(t)
	probes := o.section(".probes", elf.SHT_PROGBITS, elf.SHF_ALLOC|elf.SHF_WRITE, 2, 0, make([]byte, 2*len(sems)))
	// An empty .note.GNU-stack says the code needs no executable stack
	// (it has none): without it, the linker makes the program's stack
	// executable and says so.
	o.section(".note.GNU-stack", elf.SHT_PROGBITS, 0, 1, 0, nil)
	if source != "" {
		o.symbol(source, elf.STB_LOCAL, elf.STT_FILE, elf.STV_DEFAULT, uint16(elf.SHN_ABS), 0, 0)
	}
	o.symbol("", elf.STB_LOCAL, elf.STT_SECTION, elf.STV_DEFAULT, probes, 0, 0)
	for i, s := range sems {
		o.symbol(s, elf.STB_GLOBAL, elf.STT_OBJECT, elf.STV_HIDDEN, probes, uint64(2*i), 2)
	}
	_, err := w.Write(o.bytes())
	return err
}

// elfWriter lays out an ELF relocatable object of sections and symbols.
type elfWriter struct {
	t        Target
	bo       binary.ByteOrder
	sections []section // after the null section
	shstrtab strtab
	strtab   strtab
	locals   []symbol
	globals  []symbol
}

type section struct {
	name           uint32
	typ            elf.SectionType
	flags          elf.SectionFlag
	align, entsize uint64
	link, info     uint32
	data           []byte
	offset         uint64
}

type symbol struct {
	name        uint32
	bind        elf.SymBind
	typ         elf.SymType
	vis         elf.SymVis
	shndx       uint16
	value, size uint64
}

// strtab is an ELF string table, its first byte the empty string.
type strtab struct{ b []byte }

func (s *strtab) add(str string) uint32 {
	if s.b == nil {
		s.b = []byte{0}
	}
	if str == "" {
		return 0
	}
	off := uint32(len(s.b))
	s.b = append(append(s.b, str...), 0)
	return off
}

func newELF(t Target) *elfWriter {
	o := &elfWriter{t: t, bo: binary.LittleEndian}
	if t.Data == elf.ELFDATA2MSB {
		o.bo = binary.BigEndian
	}
	o.shstrtab.add("")
	o.strtab.add("")
	return o
}

// section adds a section and returns its index.
func (o *elfWriter) section(name string, typ elf.SectionType, flags elf.SectionFlag, align, entsize uint64, data []byte) uint16 {
	o.sections = append(o.sections, section{name: o.shstrtab.add(name), typ: typ, flags: flags, align: align, entsize: entsize, data: data})
	return uint16(len(o.sections))
}

// symbol adds a symbol of section shndx.
func (o *elfWriter) symbol(name string, bind elf.SymBind, typ elf.SymType, vis elf.SymVis, shndx uint16, value, size uint64) {
	s := symbol{name: o.strtab.add(name), bind: bind, typ: typ, vis: vis, shndx: shndx, value: value, size: size}
	if bind == elf.STB_LOCAL {
		o.locals = append(o.locals, s)
	} else {
		o.globals = append(o.globals, s)
	}
}

func (o *elfWriter) is64() bool { return o.t.Class == elf.ELFCLASS64 }

// bytes returns the object: the ELF header, the sections' contents, the
// section headers.
func (o *elfWriter) bytes() []byte {
	// The symbol table, its string table and the section names' table
	// come last.
	var syms bytes.Buffer
	symSize := uint64(16)
	if o.is64() {
		symSize = 24
	}
	all := append(append([]symbol{{}}, o.locals...), o.globals...)
	for _, s := range all {
		info := byte(s.bind)<<4 | byte(s.typ)&0xf
		if o.is64() {
			binary.Write(&syms, o.bo, elf.Sym64{Name: s.name, Info: info, Other: byte(s.vis), Shndx: s.shndx, Value: s.value, Size: s.size})
		} else {
			binary.Write(&syms, o.bo, elf.Sym32{Name: s.name, Value: uint32(s.value), Size: uint32(s.size), Info: info, Other: byte(s.vis), Shndx: s.shndx})
		}
	}
	symtab := len(o.sections) + 1
	o.sections = append(o.sections, section{name: o.shstrtab.add(".symtab"), typ: elf.SHT_SYMTAB, align: symSize / 3,
		entsize: symSize, link: uint32(symtab + 1), info: uint32(1 + len(o.locals)), data: syms.Bytes()})
	o.sections = append(o.sections, section{name: o.shstrtab.add(".strtab"), typ: elf.SHT_STRTAB, align: 1, data: o.strtab.b})
	shstrndx := len(o.sections) + 1
	o.sections = append(o.sections, section{name: o.shstrtab.add(".shstrtab"), typ: elf.SHT_STRTAB, align: 1})
	o.sections[len(o.sections)-1].data = o.shstrtab.b

	ehsize, shentsize := uint64(52), uint64(40)
	if o.is64() {
		ehsize, shentsize = 64, 64
	}
	off := ehsize
	for i := range o.sections {
		s := &o.sections[i]
		off = alignUp(off, max(s.align, 1))
		s.offset = off
		off += uint64(len(s.data))
	}
	shoff := alignUp(off, 8)
	out := make([]byte, shoff, shoff+shentsize*uint64(len(o.sections)+1))
	for _, s := range o.sections {
		copy(out[s.offset:], s.data)
	}

	var hdr bytes.Buffer
	var ident [elf.EI_NIDENT]byte
	copy(ident[:], elf.ELFMAG)
	ident[elf.EI_CLASS] = byte(o.t.Class)
	ident[elf.EI_DATA] = byte(o.t.Data)
	ident[elf.EI_VERSION] = byte(elf.EV_CURRENT)
	if o.is64() {
		binary.Write(&hdr, o.bo, elf.Header64{Ident: ident, Type: uint16(elf.ET_REL), Machine: uint16(o.t.Machine),
			Version: uint32(elf.EV_CURRENT), Shoff: shoff, Flags: o.t.Flags, Ehsize: uint16(ehsize),
			Shentsize: uint16(shentsize), Shnum: uint16(len(o.sections) + 1), Shstrndx: uint16(shstrndx)})
	} else {
		binary.Write(&hdr, o.bo, elf.Header32{Ident: ident, Type: uint16(elf.ET_REL), Machine: uint16(o.t.Machine),
			Version: uint32(elf.EV_CURRENT), Shoff: uint32(shoff), Flags: o.t.Flags, Ehsize: uint16(ehsize),
			Shentsize: uint16(shentsize), Shnum: uint16(len(o.sections) + 1), Shstrndx: uint16(shstrndx)})
	}
	copy(out, hdr.Bytes())

	var shdrs bytes.Buffer
	shdrs.Write(make([]byte, shentsize)) // the null section
	for _, s := range o.sections {
		if o.is64() {
			binary.Write(&shdrs, o.bo, elf.Section64{Name: s.name, Type: uint32(s.typ), Flags: uint64(s.flags),
				Off: s.offset, Size: uint64(len(s.data)), Link: s.link, Info: s.info, Addralign: s.align, Entsize: s.entsize})
		} else {
			binary.Write(&shdrs, o.bo, elf.Section32{Name: s.name, Type: uint32(s.typ), Flags: uint32(s.flags),
				Off: uint32(s.offset), Size: uint32(len(s.data)), Link: s.link, Info: s.info, Addralign: uint32(s.align), Entsize: uint32(s.entsize)})
		}
	}
	return append(out, shdrs.Bytes()...)
}

func alignUp(n, a uint64) uint64 { return (n + a - 1) &^ (a - 1) }
