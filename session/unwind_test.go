package session

import (
	"bytes"
	"debug/elf"
	"fmt"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/cilium/ebpf"
	"golang.org/x/sys/unix"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/symtab"
)

// The unwinder writes a live process's mappings with the tables of its
// objects (a sleep: its executable and the C library, each with an
// .eh_frame), each table once however many processes map it.
func TestUnwinderUpdate(t *testing.T) {
	requireBPF(t)
	sleep, err := exec.LookPath("sleep")
	if err != nil {
		t.Skip(err)
	}
	rows, err := ebpf.NewMap(&ebpf.MapSpec{Type: ebpf.Array, KeySize: 4, ValueSize: 8 * abi.UnwindRowCap,
		MaxEntries: 1, Flags: unix.BPF_F_MMAPABLE})
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	procs, err := ebpf.NewMap(&ebpf.MapSpec{Type: ebpf.Hash, KeySize: 4, ValueSize: abi.UnwindProcSize, MaxEntries: 16})
	if err != nil {
		t.Fatal(err)
	}
	defer procs.Close()
	u := newUnwinder(map[string]*ebpf.Map{abi.UnwindRowsMap: rows, abi.UnwindProcsMap: procs})
	var pids []int
	for range 2 {
		cmd := exec.Command(sleep, "30")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		defer func() { cmd.Process.Kill(); cmd.Wait() }()
		pids = append(pids, cmd.Process.Pid)
	}
	// Each has its C library mapped before it is read: a process just
	// started may still be in the dynamic loader.
	for _, pid := range pids {
		for i := 0; ; i++ {
			if i == 1000 {
				t.Fatalf("pid %d: no C library mapped", pid)
			}
			maps, err := os.ReadFile(fmt.Sprintf("/proc/%d/maps", pid))
			if err != nil {
				t.Fatal(err)
			}
			if bytes.Contains(maps, []byte("/libc.so")) {
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	var used uint32
	for i, pid := range pids {
		if err := u.update(pid); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			used = u.next
		} else if u.next != used {
			t.Errorf("a second process mapping the same objects added rows: %d, then %d", used, u.next)
		}
		v := make([]byte, abi.UnwindProcSize)
		if err := procs.Lookup(uint32(pid), v); err != nil {
			t.Fatalf("pid %d: no mappings: %v", pid, err)
		}
		n := int(le.Uint32(v))
		withRows, prev := 0, uint64(0)
		for j := range n {
			e := v[8+j*abi.UnwindMapSize:]
			start, end, first, count := le.Uint64(e), le.Uint64(e[8:]), le.Uint32(e[24:]), le.Uint32(e[28:])
			if start < prev || end <= start {
				t.Errorf("pid %d: mapping %d [%#x, %#x) out of order", pid, j, start, end)
			}
			prev = start
			if count > 0 {
				withRows++
				if first+count > used {
					t.Errorf("pid %d: mapping %d's rows [%d, %d) past the %d written", pid, j, first, first+count, used)
				}
			}
		}
		if withRows < 2 {
			t.Errorf("pid %d: %d of %d mappings with tables, want the executable's and libc's", pid, withRows, n)
		}
	}
	// The rows as written: each object's sorted by address.
	mem, err := rows.Memory()
	if err != nil {
		t.Fatal(err)
	}
	b := make([]byte, 8*used)
	if _, err := mem.ReadAt(b, 0); err != nil {
		t.Fatal(err)
	}
	for _, t0 := range u.objs {
		for i := t0.first + 1; i < t0.first+t0.n; i++ {
			a, _, _, _ := abi.UnwindRowFields(le.Uint64(b[8*(i-1):]))
			c, _, _, _ := abi.UnwindRowFields(le.Uint64(b[8*i:]))
			if c <= a {
				t.Fatalf("row %d at %#x after %#x", i, c, a)
			}
		}
	}
}

// A mapping's bias: its start less the link-time address of the file
// offset it maps, also for a segment whose offset is not page-aligned.
func TestMappingBias(t *testing.T) {
	loads := []elf.ProgHeader{
		{Type: elf.PT_LOAD, Off: 0, Vaddr: 0x400000, Filesz: 0x5d8},
		{Type: elf.PT_LOAD, Off: 0x1040, Vaddr: 0x401040, Filesz: 0x2000},
	}
	for _, c := range []struct {
		start, off, bias uint64
		ok               bool
	}{
		{0x400000, 0, 0, true},
		{0x401000, 0x1000, 0, true},
		{0x7f0000001000, 0x1000, 0x7f0000001000 - 0x401000, true},
		{0x500000, 0x9000, 0, false},
	} {
		bias, ok := mappingBias(loads, symtab.FileMapping{Start: c.start, Offset: c.off})
		if bias != c.bias || ok != c.ok {
			t.Errorf("mapping at %#x of offset %#x: bias %#x, %v; want %#x, %v", c.start, c.off, bias, ok, c.bias, c.ok)
		}
	}
}
