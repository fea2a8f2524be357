package bpf

import (
	"sync/atomic"
	"testing"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/bpf/bpftest"
)

// BenchmarkDrain measures how fast a Reader hands out 64-byte records
// already in the ring buffer; one op is one record. The buffer is filled
// once, and rewound (consumer position set back) before every pass, so
// the producer's cost is not part of the figure.
func BenchmarkDrain(b *testing.B) {
	const records = 100_000
	bpftest.RequireProgramType(b, ebpf.RawTracepoint)
	rb := bpftest.RingBuf(b, 16<<20)
	prog, err := Load(&ebpf.ProgramSpec{
		Type: ebpf.RawTracepoint, License: "GPL",
		Instructions: asm.Instructions{
			asm.Mov.Imm(asm.R1, 0),
			asm.StoreMem(asm.RFP, -64, asm.R1, asm.DWord),
			asm.StoreMem(asm.RFP, -56, asm.R1, asm.DWord),
			asm.StoreMem(asm.RFP, -48, asm.R1, asm.DWord),
			asm.StoreMem(asm.RFP, -40, asm.R1, asm.DWord),
			asm.StoreMem(asm.RFP, -32, asm.R1, asm.DWord),
			asm.StoreMem(asm.RFP, -24, asm.R1, asm.DWord),
			asm.StoreMem(asm.RFP, -16, asm.R1, asm.DWord),
			asm.StoreMem(asm.RFP, -8, asm.R1, asm.DWord),
			asm.LoadMapPtr(asm.R1, rb.FD()),
			asm.Mov.Reg(asm.R2, asm.RFP),
			asm.Add.Imm(asm.R2, -64),
			asm.Mov.Imm(asm.R3, 64),
			asm.Mov.Imm(asm.R4, RingNoWakeup),
			asm.FnRingbufOutput.Call(),
			asm.Mov.Imm(asm.R0, 0),
			asm.Return(),
		},
	}, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer prog.Close()
	r, err := NewReader(rb, time.Hour)
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	for range records {
		if _, err := Trigger(prog); err != nil {
			b.Fatal(err)
		}
	}
	start := atomic.LoadUint64(r.consumerPos())

	var sum uint64
	total := 0
	b.ResetTimer()
	for ; total < b.N; total += records {
		atomic.StoreUint64(r.consumerPos(), start)
		n, err := r.Drain(func(rec []byte) error {
			sum += uint64(rec[0]) // touch every record
			return nil
		})
		if err != nil || n != records {
			b.Fatalf("drained %d of %d: %v", n, records, err)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(total)/b.Elapsed().Seconds(), "records/s")
	_ = sum
}
