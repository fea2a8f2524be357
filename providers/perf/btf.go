package perf

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"

	"golang.org/x/sys/unix"

	"github.com/dtrace-go/dtrace/providers"
)

// vmlinuxBTF is where the kernel publishes its BTF.
const vmlinuxBTF = providers.VmlinuxBTF

// BTF kinds (include/uapi/linux/btf.h) this reader looks at or skips over.
const (
	kindInt      = 1
	kindPtr      = 2
	kindArray    = 3
	kindStruct   = 4
	kindUnion    = 5
	kindEnum     = 6
	kindTypedef  = 8
	kindVolatile = 9
	kindConst    = 10
	kindRestrict = 11
	kindProto    = 13
	kindVar      = 14
	kindDatasec  = 15
	kindDeclTag  = 17
	kindTypeTag  = 18
	kindEnum64   = 19
)

const (
	btfMagic    = 0xeb9f
	tracePrefix = "btf_trace_"
)

// tracepointArgs reads the number of arguments of every tracepoint from
// BTF: for each tracepoint the kernel has a typedef btf_trace_<name>, a
// pointer to a function prototype (void *, TP_PROTO...), so the
// tracepoint passes one argument less than the prototype has parameters.
//
// It is one pass over the type section without decoding any type but
// these typedefs: a few milliseconds for the 126,000 types of a
// distribution kernel.
//
// The file is mapped rather than read where the file system allows it: a
// copy would leave megabytes of garbage on the heap.
func tracepointArgs(path string) (map[string]int, error) {
	data, unmap, err := readBTF(path)
	if err != nil {
		return nil, err
	}
	defer unmap()
	if len(data) < 24 {
		return nil, errors.New("BTF too short")
	}
	var bo binary.ByteOrder
	switch {
	case binary.LittleEndian.Uint16(data) == btfMagic:
		bo = binary.LittleEndian
	case binary.BigEndian.Uint16(data) == btfMagic:
		bo = binary.BigEndian
	default:
		return nil, errors.New("not BTF")
	}
	return parseTracepointArgs(data, bo)
}

// readBTF maps the file at path read-only, or reads it when it cannot be
// mapped; unmap releases the mapping (the names parsed from it are
// copies).
func readBTF(path string) (data []byte, unmap func(), err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.Size() > 0 && fi.Size() < 1<<31 {
		if b, err := unix.Mmap(int(f.Fd()), 0, int(fi.Size()), unix.PROT_READ, unix.MAP_PRIVATE); err == nil {
			return b, func() { unix.Munmap(b) }, nil
		}
	}
	data, err = io.ReadAll(f)
	if err != nil {
		return nil, nil, err
	}
	return data, func() {}, nil
}

func parseTracepointArgs(data []byte, bo binary.ByteOrder) (map[string]int, error) {
	hdrLen := int(bo.Uint32(data[4:]))
	typeOff, typeLen := int(bo.Uint32(data[8:])), int(bo.Uint32(data[12:]))
	strOff, strLen := int(bo.Uint32(data[16:])), int(bo.Uint32(data[20:]))
	if hdrLen+typeOff+typeLen > len(data) || hdrLen+strOff+strLen > len(data) {
		return nil, errors.New("BTF sections out of bounds")
	}
	types := data[hdrLen+typeOff : hdrLen+typeOff+typeLen]
	strs := data[hdrLen+strOff : hdrLen+strOff+strLen]

	// offs[id-1] is where type id starts.
	offs := make([]uint32, 0, len(types)/16)
	type typedef struct {
		name   string
		target uint32
	}
	var traces []typedef
	prefix := []byte(tracePrefix)
	for off := 0; off < len(types); {
		if off+12 > len(types) {
			return nil, errors.New("truncated BTF type")
		}
		offs = append(offs, uint32(off))
		nameOff := bo.Uint32(types[off:])
		info := bo.Uint32(types[off+4:])
		kind := info >> 24 & 0x1f
		vlen := int(info & 0xffff)
		if kind == kindTypedef {
			if name := cstring(strs, nameOff); bytes.HasPrefix(name, prefix) {
				traces = append(traces, typedef{string(name[len(prefix):]), bo.Uint32(types[off+8:])})
			}
		}
		size := 12
		switch kind {
		case kindInt, kindVar, kindDeclTag:
			size += 4
		case kindArray:
			size += 12
		case kindStruct, kindUnion, kindDatasec, kindEnum64:
			size += 12 * vlen
		case kindEnum, kindProto:
			size += 8 * vlen
		}
		off += size
	}

	// kindOf returns the kind of type id and what it refers to (or its
	// vlen, for a prototype).
	kindOf := func(id uint32) (kind uint32, ref uint32, ok bool) {
		if id == 0 || int(id) > len(offs) {
			return 0, 0, false
		}
		off := offs[id-1]
		info := bo.Uint32(types[off+4:])
		kind = info >> 24 & 0x1f
		if kind == kindProto {
			return kind, info & 0xffff, true
		}
		return kind, bo.Uint32(types[off+8:]), true
	}
	args := make(map[string]int, len(traces))
	for _, td := range traces {
		id := td.target
		sawPtr := false
	resolve:
		for range 16 {
			kind, ref, ok := kindOf(id)
			if !ok {
				break
			}
			switch kind {
			case kindTypedef, kindConst, kindVolatile, kindRestrict, kindTypeTag:
				id = ref
			case kindPtr:
				if sawPtr {
					break resolve
				}
				sawPtr = true
				id = ref
			case kindProto:
				if sawPtr && ref > 0 {
					args[td.name] = int(ref) - 1
				}
				break resolve
			default:
				break resolve
			}
		}
	}
	if len(args) == 0 {
		return nil, fmt.Errorf("no %s* typedefs in BTF", tracePrefix)
	}
	return args, nil
}

// cstring returns the NUL-terminated string at off, without copying.
func cstring(strs []byte, off uint32) []byte {
	if int(off) >= len(strs) {
		return nil
	}
	s := strs[off:]
	if i := bytes.IndexByte(s, 0); i >= 0 {
		return s[:i]
	}
	return s
}
