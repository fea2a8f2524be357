package abi

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// Every record a program sends through the ring buffer starts with a
// header of HeaderSize bytes, four little-endian u32 words:
//
//	0   probe id: the probe that fired (a process announcement: the pid)
//	4   record id: the index of the clause's record in the compiled
//	    program's records, or one of the ids below for the records that
//	    are not a clause's
//	8   the CPU the record was made on
//	12  the speculation tag (SpecTag): 0 for a record that is not
//	    speculative
//
// The data of a clause's record follows at offsets fixed at compile time.
const (
	HeaderSize   = 16
	HeaderProbe  = 0
	HeaderRecord = 4
	HeaderCPU    = 8
	HeaderTag    = 12
)

// RingHeaderSize is the size of the header the kernel puts before each
// record in the ring buffer (BPF_RINGBUF_HDR_SZ): a record of n bytes
// takes n + RingHeaderSize bytes of the buffer, rounded up to 8. The
// programs count the bytes they send with it (ScratchSent against
// GlobalWakeAt); package bpf's RingHeaderSize, which its reader walks
// the buffer with, is the same kernel constant.
const RingHeaderSize = 8

// Record ids of the records that are not a clause's.
const (
	// RecordFault reports a runtime fault: the faulting probe's id, then
	// dtrace:::ERROR's arg1 to arg5 (FaultRecordSize bytes in all).
	RecordFault uint32 = 0xffffffff
	// RecordSpecEnd is commit() or discard(): a header alone, whose tag
	// says which and of what speculation.
	RecordSpecEnd uint32 = 0xfffffffe
	// RecordFill wakes the runner when a CPU's buffer fills under
	// bufpolicy=fill: a header alone, which the runner drops.
	RecordFill uint32 = 0xfffffffd
	// RecordPID announces a process whose user addresses are recorded,
	// when it is first seen and after it execs: a header alone whose
	// probe id field holds the pid. The consumer reads its memory map
	// then, while it runs.
	RecordPID uint32 = 0xfffffffc
)

// FaultRecordSize is the size of a RecordFault record: the header, then
// ERROR's arg1 to arg5, u64 each (see Fault).
const FaultRecordSize = HeaderSize + 5*8

// Header is a record's header, decoded.
type Header struct {
	Probe  uint32 // the probe's id (RecordPID: the pid)
	Record uint32 // the record's id
	CPU    uint32
	Tag    uint32 // the speculation tag; 0 when not speculative
}

// ErrShortRecord is returned (wrapped) for a record too short for what
// its header says it is.
var ErrShortRecord = errors.New("short record")

var le = binary.LittleEndian

// ReadHeader decodes the header of rec.
func ReadHeader(rec []byte) (Header, error) {
	if len(rec) < HeaderSize {
		return Header{}, fmt.Errorf("read record header: %d bytes: %w", len(rec), ErrShortRecord)
	}
	return Header{
		Probe:  le.Uint32(rec[HeaderProbe:]),
		Record: le.Uint32(rec[HeaderRecord:]),
		CPU:    le.Uint32(rec[HeaderCPU:]),
		Tag:    le.Uint32(rec[HeaderTag:]),
	}, nil
}

// Put encodes h into the first HeaderSize bytes of b.
func (h Header) Put(b []byte) {
	le.PutUint32(b[HeaderProbe:], h.Probe)
	le.PutUint32(b[HeaderRecord:], h.Record)
	le.PutUint32(b[HeaderCPU:], h.CPU)
	le.PutUint32(b[HeaderTag:], h.Tag)
}

// PutTag sets the speculation tag of the record rec.
func PutTag(rec []byte, tag uint32) { le.PutUint32(rec[HeaderTag:], tag) }

// FaultRecord is a RecordFault record, decoded: dtrace:::ERROR's
// arguments.
type FaultRecord struct {
	Probe  uint32 // the faulting probe
	PRID   uint64 // arg1: the faulting probe's id
	Clause uint64 // arg2: the faulting statement's number, as DTrace numbers it (dt_clause_N)
	PC     uint64 // arg3: the BPF pc of the fault in the clause
	Fault  Fault  // arg4: the fault code
	Addr   uint64 // arg5: the faulting address or value
}

// ReadFault decodes a RecordFault record.
func ReadFault(rec []byte) (FaultRecord, error) {
	if len(rec) < FaultRecordSize {
		return FaultRecord{}, fmt.Errorf("read fault record: %d bytes, want %d: %w", len(rec), FaultRecordSize, ErrShortRecord)
	}
	arg := func(i int) uint64 { return le.Uint64(rec[HeaderSize+8*(i-1):]) }
	return FaultRecord{
		Probe:  le.Uint32(rec[HeaderProbe:]),
		PRID:   arg(1),
		Clause: arg(2),
		PC:     arg(3),
		Fault:  Fault(arg(4)),
		Addr:   arg(5),
	}, nil
}
