package session

import (
	"bytes"
	"cmp"
	"debug/elf"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/cilium/ebpf"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/symtab"
	"github.com/dtrace-go/dtrace/symtab/cfi"
)

// unwinder keeps the unwind tables (abi.UnwindRowsMap, abi.UnwindProcsMap)
// of the processes whose user stacks a program captures: when a process
// is announced (or named by -c or -p), the tables of the objects it maps
// are built from their call-frame information (once per object, cached
// by build ID, shared between processes) and its mappings written, so
// that its later stacks are unwound whole in the kernel.
type unwinder struct {
	rows, procs *ebpf.Map
	proc        string                  // the proc file system's mount point
	capacity    uint32                  // rows the rows map holds
	next        uint32                  // its first free row
	objs        map[string]*unwindTable // by build ID
	files       map[string]*unwindFile  // by device, inode and path
	mem         *ebpf.Memory            // the rows map's mapping
	memErr      error
}

// unwindFile is what the unwinder keeps of a mapped file (by device,
// inode and path): its table and loadable segments.
type unwindFile struct {
	t     *unwindTable
	loads []elf.ProgHeader
}

// unwindTable is an object's table in the rows map: rows from first; n 0
// when the object has none (frame pointers are followed there).
type unwindTable struct {
	first, n uint32
}

// newUnwinder returns the unwinder of a program whose maps are m, or nil
// when it does not unwind user stacks.
func newUnwinder(m map[string]*ebpf.Map) *unwinder {
	rows, procs := m[abi.UnwindRowsMap], m[abi.UnwindProcsMap]
	if rows == nil || procs == nil {
		return nil
	}
	return &unwinder{rows: rows, procs: procs, proc: "/proc", capacity: rows.ValueSize() / 8, objs: map[string]*unwindTable{}}
}

// write writes rows into the rows map from row first: through its
// mapping (the map is created mappable), else by updating its value.
func (u *unwinder) write(first uint32, rows []uint64) error {
	b := make([]byte, 8*len(rows))
	for i, r := range rows {
		le.PutUint64(b[8*i:], r)
	}
	if u.mem == nil && u.memErr == nil {
		u.mem, u.memErr = u.rows.Memory()
	}
	if u.mem != nil {
		_, err := u.mem.WriteAt(b, int64(first)*8)
		return err
	}
	v := make([]byte, u.rows.ValueSize())
	if err := u.rows.Lookup(uint32(0), v); err != nil {
		return fmt.Errorf("read unwind rows: %w", err)
	}
	copy(v[first*8:], b)
	return u.rows.Put(uint32(0), v)
}

// update writes the unwind information of process pid from its memory
// map. A process none of whose objects has a table gets no entry: the
// kernel unwinds it with frame pointers, as before.
func (u *unwinder) update(pid int) error {
	if u == nil || pid <= 0 {
		return nil
	}
	maps, err := symtab.ReadMappings(u.proc, pid)
	if err != nil {
		return fmt.Errorf("read unwind mappings of pid %d: %w", pid, err)
	}
	type entry struct {
		start, end, bias uint64
		t                *unwindTable
	}
	var es []entry
	tables := false
	for _, m := range maps {
		if !m.Exec || m.Path == "" || m.Path[0] == '[' && m.Path != "[vdso]" {
			continue
		}
		t, bias := u.table(pid, m)
		es = append(es, entry{m.Start, m.Limit, bias, t})
		tables = tables || t.n > 0
	}
	if !tables {
		return nil
	}
	slices.SortFunc(es, func(a, b entry) int { return cmp.Compare(a.start, b.start) })
	if len(es) > abi.UnwindMaxMaps {
		es = es[:abi.UnwindMaxMaps]
	}
	v := make([]byte, abi.UnwindProcSize)
	le.PutUint32(v, uint32(len(es)))
	for i, e := range es {
		b := v[8+i*abi.UnwindMapSize:]
		le.PutUint64(b, e.start)
		le.PutUint64(b[8:], e.end)
		le.PutUint64(b[16:], e.bias)
		le.PutUint32(b[24:], e.t.first)
		le.PutUint32(b[28:], e.t.n)
	}
	if err := u.procs.Put(uint32(pid), v); err != nil {
		return fmt.Errorf("write unwind mappings of pid %d: %w", pid, err)
	}
	return nil
}

// table returns the table of the object mapping m of process pid maps, and
// the mapping's bias (its addresses less the object's link-time ones).
func (u *unwinder) table(pid int, m symtab.FileMapping) (*unwindTable, uint64) {
	file := m.Dev + ":" + strconv.FormatUint(m.Inode, 10) + ":" + m.Path
	if fo, ok := u.files[file]; ok && m.Path != "[vdso]" {
		bias, _ := mappingBias(fo.loads, m)
		return fo.t, bias
	}
	dir := filepath.Join(u.proc, strconv.Itoa(pid))
	var f *elf.File
	var err error
	if m.Path == "[vdso]" {
		// The kernel's image, read from the process's memory.
		f, err = readVDSO(dir, m)
	} else if f, err = elf.Open(filepath.Join(dir, "map_files",
		strconv.FormatUint(m.Start, 16)+"-"+strconv.FormatUint(m.Limit, 16))); err != nil {
		f, err = elf.Open(filepath.Join(dir, "root", m.Path))
	}
	if err != nil {
		return &unwindTable{}, 0
	}
	defer f.Close()
	var loads []elf.ProgHeader
	for _, p := range f.Progs {
		if p.Type == elf.PT_LOAD {
			loads = append(loads, p.ProgHeader)
		}
	}
	bias, ok := mappingBias(loads, m)
	id := symtab.BuildID(f)
	key := id
	if key == "" {
		key = file // the vDSO's path is the kernel's: the same in every process
	}
	t, cached := u.objs[key]
	if !cached {
		t = &unwindTable{}
		u.objs[key] = t
	}
	if u.files == nil {
		u.files = map[string]*unwindFile{}
	}
	u.files[file] = &unwindFile{t: t, loads: loads}
	if cached || !ok {
		return t, bias
	}
	tab, err := cfi.Read(f)
	if errors.Is(err, cfi.ErrNoFrameInfo) && m.Path[0] == '/' {
		if d := symtab.DebugFile(f, m.Path, id); d != nil {
			tab, err = cfi.Read(d)
			d.Close()
		}
	}
	if err != nil || len(tab.Rows) == 0 || uint64(u.next)+uint64(len(tab.Rows)) > uint64(u.capacity) {
		return t, bias
	}
	if err := u.write(u.next, encodeRows(tab)); err != nil {
		return t, bias
	}
	t.first, t.n = u.next, uint32(len(tab.Rows))
	u.next += t.n
	return t, bias
}

// readVDSO returns the vDSO that m maps in the process whose proc
// directory is dir.
func readVDSO(dir string, m symtab.FileMapping) (*elf.File, error) {
	mem, err := os.Open(filepath.Join(dir, "mem"))
	if err != nil {
		return nil, err
	}
	defer mem.Close()
	b := make([]byte, min(m.Limit-m.Start, 1<<20))
	if _, err := mem.ReadAt(b, int64(m.Start)); err != nil {
		return nil, fmt.Errorf("read vDSO: %w", err)
	}
	return elf.NewFile(bytes.NewReader(b))
}

// mappingBias returns what m's addresses less the link-time addresses of
// the object whose loadable segments are loads are: m maps, at its start,
// the page holding a file offset of one of them (whose offset need not be
// page-aligned).
func mappingBias(loads []elf.ProgHeader, m symtab.FileMapping) (uint64, bool) {
	const page = 4096
	for _, p := range loads {
		if m.Offset < p.Off&^(page-1) || m.Offset >= p.Off+max(p.Filesz, 1) {
			continue
		}
		return m.Start - m.Offset + p.Off - p.Vaddr, true
	}
	return 0, false
}

// encodeRows packs t's rows as abi.UnwindRow does.
func encodeRows(t *cfi.Table) []uint64 {
	kinds := [...]uint8{
		cfi.FP: abi.UnwindFP, cfi.SP: abi.UnwindSP, cfi.BP: abi.UnwindBP, cfi.PLT: abi.UnwindPLT,
		cfi.Signal: abi.UnwindSignal, cfi.End: abi.UnwindEnd, cfi.DerefBP: abi.UnwindDerefBP, cfi.Invalid: abi.UnwindInvalid,
	}
	out := make([]uint64, len(t.Rows))
	for i, r := range t.Rows {
		k := abi.UnwindInvalid
		if int(r.Kind) < len(kinds) {
			k = kinds[r.Kind]
		}
		bp := r.BP
		if r.Kind != cfi.PLT && bp == cfi.BPUnknown {
			bp = abi.UnwindBPUnknown
		}
		out[i] = abi.UnwindRow(uint32(r.PC), k, bp, r.CFAOffset)
	}
	return out
}
