package session

import (
	"fmt"
	"testing"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/providers"
	dtraceprov "github.com/dtrace-go/dtrace/providers/dtrace"
)

// faultRecord builds the record ErrorFunc sends.
func faultRecord(probe uint32, clause, pc, code, addr uint64) []byte {
	rec := make([]byte, abi.FaultRecordSize)
	le.PutUint32(rec[0:], probe)
	le.PutUint32(rec[4:], abi.RecordFault)
	for i, v := range []uint64{7, clause, pc, code, addr} {
		le.PutUint64(rec[abi.HeaderSize+8*i:], v)
	}
	return rec
}

func TestFaultMessage(t *testing.T) {
	reg, err := providers.NewRegistry(dtraceprov.New())
	if err != nil {
		t.Fatal(err)
	}
	ps, err := reg.Match("dtrace", "", "", "BEGIN")
	if err != nil || len(ps) != 1 {
		t.Fatalf("no BEGIN: %v", err)
	}
	id := ps[0].ID
	for _, c := range []struct {
		clause, pc, code, addr uint64
		want                   string
	}{
		{0, 14, 1, 0, "invalid address (0x0) at BPF pc 14"},
		{2, 30, 2, 0x1003, "invalid alignment (0x1003) at BPF pc 30"},
		{1, 5, 3, 9, "illegal operation at BPF pc 5"},
		{1, 5, 4, 0, "divide-by-zero at BPF pc 5"},
		{1, 5, 5, 100000, "out of scratch space at BPF pc 5"},
		{1, 5, 11, 4, "index out of bounds at BPF pc 5"},
		{1, 5, 99, 4, "unknown fault at BPF pc 5"},
	} {
		got, err := faultMessage(faultRecord(id, c.clause, c.pc, c.code, c.addr), reg)
		if err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("dtrace: error in dt_clause_%d for probe ID %d (dtrace:::BEGIN): %s\n", c.clause, id, c.want)
		if got != want {
			t.Errorf("got  %q\nwant %q", got, want)
		}
	}
	if _, err := faultMessage(make([]byte, abi.FaultRecordSize-1), reg); err == nil {
		t.Error("a short fault record is accepted")
	}
	got, _ := faultMessage(faultRecord(999, 0, 1, 4, 0), reg)
	if want := "dtrace: error in dt_clause_0 for probe ID 999 (ID 999): divide-by-zero at BPF pc 1\n"; got != want {
		t.Errorf("unknown probe: got %q, want %q", got, want)
	}
}
