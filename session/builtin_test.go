package session

import (
	"encoding/binary"
	"os"
	"testing"

	"github.com/dtrace-go/dtrace/abi"
)

// traceVals returns the first 8-byte value each trace() of a BEGIN-only
// program recorded, in order.
func traceVals(t *testing.T, src string) []uint64 {
	t.Helper()
	_, recs := runBegin(t, src)
	if len(recs) != 1 {
		t.Fatalf("%d records, want 1", len(recs))
	}
	rec := recs[0][abi.HeaderSize:]
	var out []uint64
	for len(rec) >= 8 {
		out = append(out, binary.LittleEndian.Uint64(rec))
		rec = rec[8:]
	}
	return out
}

// ppid reads the parent's process id through load-time offsets (BEGIN runs
// in this process).
func TestPpid(t *testing.T) {
	got := traceVals(t, `BEGIN { trace(ppid); trace(curthread->real_parent->tgid); }`)
	if len(got) < 2 || int(got[0]) != os.Getppid() || got[0] != got[1] {
		t.Fatalf("ppid, curthread->real_parent->tgid = %v; want %d twice", got, os.Getppid())
	}
}

// vtimestamp is this thread's run time: positive, below the time since
// boot, and growing as the thread runs.
func TestVtimestamp(t *testing.T) {
	got := traceVals(t, `BEGIN { trace(vtimestamp); trace(timestamp); this->v = vtimestamp; trace(vtimestamp - this->v); }`)
	if len(got) < 3 {
		t.Fatalf("recorded %v", got)
	}
	if got[0] == 0 || got[0] >= got[1] {
		t.Errorf("vtimestamp %d, timestamp %d: want 0 < vtimestamp < timestamp", got[0], got[1])
	}
	if int64(got[2]) < 0 || got[2] > 1e9 {
		t.Errorf("vtimestamp went back or jumped by %d ns within one clause", int64(got[2]))
	}
}
