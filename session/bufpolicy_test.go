package session

import (
	"fmt"
	"slices"
	"testing"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/codegen"
)

// rec returns a record of probe id, record id 0 and cpu, of size bytes,
// its first data byte n (to tell records apart).
func rec(probe uint32, cpu uint32, size int, n byte) []byte {
	b := make([]byte, size)
	abi.Header{Probe: probe, CPU: cpu}.Put(b)
	b[abi.HeaderSize] = n
	return b
}

// names returns "cpu/n" of each record.
func names(recs [][]byte) []string {
	var s []string
	for _, r := range recs {
		h, _ := abi.ReadHeader(r)
		s = append(s, fmt.Sprintf("%d/%d", h.CPU, r[abi.HeaderSize]))
	}
	return s
}

func TestParseBufPolicy(t *testing.T) {
	for s, want := range map[string]BufPolicy{"switch": PolicySwitch, "fill": PolicyFill, "ring": PolicyRing} {
		if p, err := ParseBufPolicy(s); err != nil || p != want {
			t.Errorf("ParseBufPolicy(%q) = %v, %v", s, p, err)
		}
	}
	for _, s := range []string{"", "Ring", "rings"} {
		if _, err := ParseBufPolicy(s); err == nil {
			t.Errorf("ParseBufPolicy(%q) succeeded", s)
		}
	}
}

// A ring keeps each CPU's newest records within the budget, whole.
func TestKeptRingEvicts(t *testing.T) {
	k := newKeptRecords(PolicyRing, 100)
	for i := range 10 {
		k.add(rec(5, 0, 24, byte(i)))
	}
	k.add(rec(5, 1, 40, 50))
	k.add(rec(5, 1, 200, 51)) // larger than the budget: not kept
	got := names(k.order(0, -1, 0, -1))
	want := []string{"0/6", "0/7", "0/8", "0/9", "1/50"}
	if !slices.Equal(got, want) {
		t.Errorf("kept %v, want %v", got, want)
	}
	// A record evicts as many as it needs.
	k.add(rec(5, 0, 72, 10))
	if got, want := names(k.order(0, -1, 0, -1)), []string{"0/9", "0/10", "1/50"}; !slices.Equal(got, want) {
		t.Errorf("kept %v, want %v", got, want)
	}
}

// Under fill, the consumer keeps everything (the kernel bounds it).
func TestKeptFillKeepsAll(t *testing.T) {
	k := newKeptRecords(PolicyFill, 100)
	for i := range 1000 {
		k.add(rec(5, 0, 24, byte(i)))
	}
	if n := len(k.order(0, -1, 0, -1)); n != 1000 {
		t.Errorf("kept %d records, want 1000", n)
	}
}

// The order of libdtrace's final consumption: BEGIN's CPU first and END's
// last; when they are one CPU, BEGIN's records first and the rest last.
func TestKeptOrder(t *testing.T) {
	const begin, end, tick = 1, 2, 9
	k := newKeptRecords(PolicyRing, 1<<20)
	k.add(rec(begin, 2, 24, 1))
	k.add(rec(tick, 0, 24, 2))
	k.add(rec(tick, 1, 24, 3))
	k.add(rec(tick, 2, 24, 4))
	k.add(rec(tick, 3, 24, 5))
	k.add(rec(end, 1, 24, 6))
	got := names(k.order(begin, -1, end, -1))
	want := []string{"2/1", "2/4", "0/2", "3/5", "1/3", "1/6"}
	if !slices.Equal(got, want) {
		t.Errorf("BEGIN on 2, END on 1: %v, want %v", got, want)
	}

	k = newKeptRecords(PolicyRing, 1<<20)
	k.add(rec(begin, 1, 24, 1))
	k.add(rec(tick, 1, 24, 2))
	k.add(rec(tick, 0, 24, 3))
	k.add(rec(end, 1, 24, 4))
	got = names(k.order(begin, -1, end, -1))
	want = []string{"1/1", "0/3", "1/2", "1/4"}
	if !slices.Equal(got, want) {
		t.Errorf("BEGIN and END on 1: %v, want %v", got, want)
	}

	// Without records of theirs, the CPUs they fired on are as told.
	k = newKeptRecords(PolicyRing, 1<<20)
	k.add(rec(tick, 0, 24, 1))
	k.add(rec(tick, 1, 24, 2))
	k.add(rec(tick, 2, 24, 3))
	got = names(k.order(begin, 2, end, 0))
	want = []string{"2/3", "1/2", "0/1"}
	if !slices.Equal(got, want) {
		t.Errorf("BEGIN on 2, END on 0, no records: %v, want %v", got, want)
	}
}

// END's reserve is the size of the records of the clauses enabled on END.
func TestEndReserve(t *testing.T) {
	prog := &codegen.Program{Records: []*codegen.Record{{Clause: 0, Size: 24}, {Clause: 1, Size: 16}, {Clause: 1, Size: 40}}}
	byProbe := map[uint32][]*codegen.Clause{7: {{Index: 1}}, 8: {{Index: 0}}}
	if n := endReserve(prog, byProbe, 7); n != 56 {
		t.Errorf("reserve = %d, want 56", n)
	}
	if n := endReserve(prog, byProbe, 0); n != 0 {
		t.Errorf("reserve without END = %d, want 0", n)
	}
	if l := fillLimit(480, 16); l != 464 {
		t.Errorf("fillLimit(480, 16) = %d", l)
	}
	if l := fillLimit(16, 480); l != 1 {
		t.Errorf("fillLimit(16, 480) = %d", l)
	}
}
