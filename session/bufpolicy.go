package session

import (
	"fmt"
	"slices"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/codegen"
)

// BufPolicy is the bufpolicy option: what becomes of records as the
// principal buffer of a CPU fills (DTrace guide, "Buffers and
// Buffering").
type BufPolicy int

// Buffer policies.
const (
	// PolicySwitch (the default) reads and prints records as they come;
	// a record that does not fit in the buffer is a drop.
	PolicySwitch BufPolicy = iota
	// PolicyFill keeps records until a CPU has recorded bufsize bytes
	// (less the room END's records need); that CPU's next record is not
	// kept, tracing stops as at exit(0), END fires, and everything kept
	// is printed. As in DTrace, the records refused then are not drops.
	PolicyFill
	// PolicyRing keeps the newest bufsize bytes of records per CPU,
	// discarding the oldest whole records, and prints them when tracing
	// stops.
	PolicyRing
)

// ParseBufPolicy returns the policy named s: "switch", "fill" or "ring".
func ParseBufPolicy(s string) (BufPolicy, error) {
	switch s {
	case "switch":
		return PolicySwitch, nil
	case "fill":
		return PolicyFill, nil
	case "ring":
		return PolicyRing, nil
	}
	return 0, fmt.Errorf("parse bufpolicy %q: not switch, fill or ring", s)
}

// DefaultBufSize is bufsize's default, the bytes of a CPU's principal
// buffer: 4m, as in DTrace.
const DefaultBufSize = 4 << 20

// principalSize returns the bytes of records a CPU may keep under fill and
// ring: the bufsize the user set, or DefaultBufSize.
func principalSize(requested int) int {
	if requested > 0 {
		return requested
	}
	return DefaultBufSize
}

// endReserve returns the bytes DTrace reserves in a fill buffer for END's
// records (dts_reserve): the records of the clauses enabled on
// dtrace:::END, endID (0: none).
func endReserve(prog *codegen.Program, byProbe map[uint32][]*codegen.Clause, endID uint32) int {
	if endID == 0 {
		return 0
	}
	clauses := map[int]bool{}
	for _, c := range byProbe[endID] {
		clauses[c.Index] = true
	}
	n := 0
	for _, r := range prog.Records {
		if r != nil && clauses[r.Clause] {
			n += align8(r.Size)
		}
	}
	return n
}

// fillLimit returns GlobalFillAt under bufpolicy=fill: the bytes of a
// CPU's buffer, less END's reserve, but at least one byte (a buffer too
// small for END's records keeps nothing else).
func fillLimit(size, reserve int) uint64 {
	return uint64(max(size-reserve, 1))
}

// keptRecords holds the records read under bufpolicy fill and ring, by
// CPU, oldest first, until tracing stops.
type keptRecords struct {
	// budget bounds the bytes kept per CPU under ring (the oldest records
	// go first); 0 under fill, which the kernel bounds.
	budget int
	cpus   []*cpuRecords // by CPU
}

// cpuRecords are the records a CPU sent that are still kept: recs[head:].
type cpuRecords struct {
	recs  [][]byte
	head  int
	bytes int
}

// newKeptRecords returns the store of policy p (fill or ring) for buffers
// of size bytes per CPU.
func newKeptRecords(p BufPolicy, size int) *keptRecords {
	k := &keptRecords{}
	if p == PolicyRing {
		k.budget = size
	}
	return k
}

// add keeps a copy of rec, a record read from the ring buffer, under the
// CPU its header names; under ring, it discards that CPU's oldest records
// until the CPU's records fit the budget. A record larger than the whole
// budget is not kept.
func (k *keptRecords) add(rec []byte) {
	cpu := 0
	if h, err := abi.ReadHeader(rec); err == nil {
		cpu = int(h.CPU)
	}
	if cpu >= len(k.cpus) {
		if cpu > 1<<16 {
			cpu = 0 // not a CPU: the consumer will refuse the record
		} else {
			k.cpus = append(k.cpus, make([]*cpuRecords, cpu+1-len(k.cpus))...)
		}
	}
	c := k.cpus[cpu]
	if c == nil {
		c = &cpuRecords{}
		k.cpus[cpu] = c
	}
	if k.budget > 0 && len(rec) > k.budget {
		return
	}
	c.recs = append(c.recs, slices.Clone(rec))
	c.bytes += len(rec)
	for k.budget > 0 && c.bytes > k.budget {
		c.bytes -= len(c.recs[c.head])
		c.recs[c.head] = nil
		c.head++
	}
	if c.head > 1024 && c.head > len(c.recs)/2 {
		c.recs = append(c.recs[:0], c.recs[c.head:]...)
		c.head = 0
	}
}

// order returns the records kept in the order libdtrace consumes fill and
// ring buffers once tracing has stopped (dtrace_consume, dt_consume_begin),
// each CPU's oldest first. BEGIN's CPU is the CPU of a kept record of the
// probe beginID, else beganOn; END's likewise with endID and endedOn (-1:
// unknown).
//
// When END fired on another CPU than BEGIN: BEGIN's CPU's records, the
// other CPUs' in CPU order, END's CPU's. When on the same CPU: that CPU's
// records of BEGIN (faults in BEGIN included), the other CPUs', then the
// rest of that CPU's.
func (k *keptRecords) order(beginID uint32, beganOn int, endID uint32, endedOn int) [][]byte {
	of := func(id uint32) func(rec []byte) bool {
		return func(rec []byte) bool {
			h, err := abi.ReadHeader(rec)
			return id != 0 && err == nil && h.Probe == id && h.Record != abi.RecordPID
		}
	}
	isBegin, isEnd := of(beginID), of(endID)
	kept := func(cpu int) [][]byte {
		if cpu < 0 || cpu >= len(k.cpus) || k.cpus[cpu] == nil {
			return nil
		}
		return k.cpus[cpu].recs[k.cpus[cpu].head:]
	}
	firedOn := func(is func([]byte) bool, guess int) int {
		for cpu := range k.cpus {
			if slices.ContainsFunc(kept(cpu), is) {
				return cpu
			}
		}
		return guess
	}
	b, e := firedOn(isBegin, beganOn), firedOn(isEnd, endedOn)
	var out [][]byte
	if b >= 0 && b == e {
		for _, rec := range kept(b) {
			if isBegin(rec) {
				out = append(out, rec)
			}
		}
	} else {
		out = append(out, kept(b)...)
	}
	for cpu := range k.cpus {
		if cpu != b && cpu != e {
			out = append(out, kept(cpu)...)
		}
	}
	if b >= 0 && b == e {
		for _, rec := range kept(b) {
			if !isBegin(rec) {
				out = append(out, rec)
			}
		}
	} else {
		out = append(out, kept(e)...)
	}
	return out
}
