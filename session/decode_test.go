package session

import (
	"bytes"
	"fmt"
	"io"
	"testing"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/dscript/types"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/sink"
	"github.com/dtrace-go/dtrace/sink/text"
)

// textDecoder returns a decoder of prog (without maps) printing to out as
// dtrace does with opt; notices are written to stderr (nil: dropped).
func textDecoder(prog *codegen.Program, reg *providers.Registry, out io.Writer, opt text.Options, stderr io.Writer) *decoder {
	notify := func(n sink.Notice) {
		if stderr != nil {
			fmt.Fprintln(stderr, "dtrace: "+n.Message)
		}
	}
	ts := text.New(out, text.Config{Options: opt, Stderr: stderr, Notify: notify})
	return newDecoder(prog, reg, nil, ts, notify, nil)
}

// header returns the bytes of a record header.
func header(h abi.Header) []byte {
	b := make([]byte, abi.HeaderSize)
	h.Put(b)
	return b
}

// A fault record is reported as Oracle's DTrace for Linux words it.
func TestFaultNotice(t *testing.T) {
	reg, err := NewRegistry()
	if err != nil {
		t.Fatal(err)
	}
	ps, _ := reg.Match("dtrace", "", "", "BEGIN")
	if len(ps) != 1 {
		t.Fatal("no dtrace:::BEGIN")
	}
	id := ps[0].ID
	fault := func(probe uint32, clause, pc uint64, code abi.Fault, addr uint64) []byte {
		rec := header(abi.Header{Probe: probe, Record: abi.RecordFault})
		for _, v := range []uint64{0, clause, pc, uint64(code), addr} {
			rec = le.AppendUint64(rec, v)
		}
		return rec
	}
	prog := &codegen.Program{}
	for _, c := range []struct {
		rec  []byte
		want string
	}{
		{fault(id, 2, 7, abi.FaultBadAddr, 0x10), fmt.Sprintf("dtrace: error in dt_clause_2 for probe ID %d (dtrace:::BEGIN): invalid address (0x10) at BPF pc 7\n", id)},
		{fault(id, 0, 3, abi.FaultDivZero, 0), fmt.Sprintf("dtrace: error in dt_clause_0 for probe ID %d (dtrace:::BEGIN): divide-by-zero at BPF pc 3\n", id)},
		{fault(999999, 0, 1, abi.FaultDivZero, 0), "dtrace: error in dt_clause_0 for probe ID 999999 (ID 999999): divide-by-zero at BPF pc 1\n"},
		{fault(id, 1, 2, abi.FaultBadIndex, 5), fmt.Sprintf("dtrace: error in dt_clause_1 for probe ID %d (dtrace:::BEGIN): index out of bounds (5) at BPF pc 2\n", id)},
	} {
		var stderr bytes.Buffer
		d := textDecoder(prog, reg, io.Discard, text.Options{}, &stderr)
		if _, err := d.Record(c.rec); err != nil {
			t.Fatal(err)
		}
		if stderr.String() != c.want {
			t.Errorf("got %q, want %q", &stderr, c.want)
		}
	}
	d := textDecoder(prog, reg, io.Discard, text.Options{}, nil)
	if _, err := d.Record(fault(id, 0, 1, abi.FaultDivZero, 0)[:abi.FaultRecordSize-1]); err == nil {
		t.Error("a short fault record accepted")
	}
}

// recordID returns the record id of rec's header.
func recordID(rec []byte) uint32 {
	h, _ := abi.ReadHeader(rec)
	return h.Record
}

// A float field decodes to a float Value of 4 bytes, a double to one of 8,
// each holding its value; trace() and printf() print them as DTrace does.
func TestDecodeFloat(t *testing.T) {
	fb := le.AppendUint32(nil, 0x3fc00000)  // 1.5
	fb = append(fb, 0xde, 0xad, 0xbe, 0xef) // the slot's upper half is not the value's
	if v := decode(fb, types.FloatType, 256); v.Kind != sink.KindFloat || v.Size != 4 || v.Float() != 1.5 || v.CBits() != 0x3fc00000 {
		t.Errorf("float: %+v, want 1.5 in 4 bytes", v)
	}
	db := le.AppendUint64(nil, 0xc0934a456d5cfaad) // -1234.5678
	v := decode(db, types.DoubleType, 256)
	if v.Kind != sink.KindFloat || v.Size != 8 || v.Float() != -1234.5678 || v.CBits() != 0xc0934a456d5cfaad {
		t.Errorf("double: %+v, want -1234.5678 in 8 bytes", v)
	}
	if got := text.FormatFloat("%.2f", v); got != "-1234.57" {
		t.Errorf("FormatFloat: %q", got)
	}
}
