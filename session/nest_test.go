package session

import (
	"fmt"
	"testing"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/sink"
)

// frameWords returns, per frame of m's scratch map, word off of each CPU.
func frameWords(t *testing.T, m maps, off int) [][]uint64 {
	t.Helper()
	words := make([][]uint64, abi.ScratchFrames)
	for k := range abi.ScratchFrames {
		var vals [][]byte
		if err := m[abi.ScratchMap].Lookup(uint32(k), &vals); err != nil {
			t.Fatal(err)
		}
		for _, v := range vals {
			words[k] = append(words[k], le.Uint64(v[off:]))
		}
	}
	return words
}

// setBusy marks frames 0 to n-1 of every CPU busy, as firings this one
// interrupted would hold them.
func setBusy(t *testing.T, m maps, n int) {
	t.Helper()
	for k := range n {
		var vals [][]byte
		if err := m[abi.ScratchMap].Lookup(uint32(k), &vals); err != nil {
			t.Fatal(err)
		}
		for _, v := range vals {
			le.PutUint64(v[abi.CtxBusy:], 1)
		}
		if err := m[abi.ScratchMap].Put(uint32(k), vals); err != nil {
			t.Fatal(err)
		}
	}
}

// Every way a firing ends frees the scratch frame it took: a clause
// jumped to or called, a false predicate, a fault and the ERROR clause it
// calls, exit(), a speculation, strings built in scratch.
func TestScratchFrameFreed(t *testing.T) {
	for _, src := range []string{
		`BEGIN { trace(1); }`,
		`BEGIN { trace(1); } BEGIN { trace(2); }`,
		`BEGIN /0/ { trace(1); }`,
		`BEGIN { trace(*(int *)0); } ERROR { trace(arg4); }`,
		`BEGIN { trace(*(int *)0); } BEGIN { trace(2); }`,
		`BEGIN { exit(0); }`,
		`BEGIN { s = speculation(); } BEGIN { speculate(s); trace(1); } BEGIN { commit(s); }`,
		`BEGIN { this->s = strjoin("a", lltostr(timestamp)); trace(this->s); }`,
		`BEGIN { @[stack()] = count(); trace(1); }`,
	} {
		t.Run(src, func(t *testing.T) {
			_, recs, m := runBeginMaps(t, src)
			defer m.Close()
			if len(recs) == 0 && src != `BEGIN /0/ { trace(1); }` {
				t.Errorf("no records")
			}
			for k, cpus := range frameWords(t, m, abi.CtxBusy) {
				for cpu, busy := range cpus {
					if busy != 0 {
						t.Errorf("frame %d of CPU %d busy after the firing", k, cpu)
					}
				}
			}
		})
	}
}

// A firing that finds frames busy takes the next free one, leaves the
// busy ones as they are, and records what it would in the first; with
// every frame busy it records nothing and counts a drop on its CPU.
func TestScratchFrameNested(t *testing.T) {
	for _, preemptible := range []bool{false, true} {
		beginPreemptible = preemptible
		t.Run(fmt.Sprintf("preemptible=%v", preemptible), testScratchFrameNested)
	}
	beginPreemptible = false
}

func testScratchFrameNested(t *testing.T) {
	const src = `BEGIN { this->s = strjoin("abc", lltostr(12)); trace(this->s); }`
	for busy := 0; busy <= abi.ScratchFrames; busy++ {
		_, recs, m := runBeginPrepared(t, src, codegen.Options{}, func(m maps) { setBusy(t, m, busy) })
		drops := frameWords(t, m, abi.ScratchNestDrops)
		states := frameWords(t, m, abi.CtxBusy)
		m.Close()
		var dropped uint64
		for _, n := range drops[0] {
			dropped += n
		}
		if busy == abi.ScratchFrames {
			if len(recs) != 0 || dropped != 1 {
				t.Errorf("%d frames busy: %d records, %d drops; want none and 1", busy, len(recs), dropped)
			}
		} else if len(recs) != 1 || dropped != 0 {
			t.Errorf("%d frames busy: %d records, %d drops; want 1 and none", busy, len(recs), dropped)
		} else if got := string(recs[0][abi.HeaderSize : abi.HeaderSize+5]); got != "abc12" {
			t.Errorf("%d frames busy: recorded %q, want abc12", busy, got)
		}
		for k, cpus := range states {
			for cpu, b := range cpus {
				if want := k < busy; (b != 0) != want {
					t.Errorf("%d frames busy: frame %d of CPU %d busy %v after the firing, want %v", busy, k, cpu, b != 0, want)
				}
			}
		}
	}
}

// Firings dropped for want of a free frame are drops on their CPU, said
// why.
func TestReportNestDrop(t *testing.T) {
	var got []string
	r := &run{cfg: &Config{Notify: func(n sink.Notice) { got = append(got, n.Message) }}}
	for _, k := range dropKinds {
		if k.off == abi.ScratchNestDrops {
			r.reportDrop(k, 2, 0)
		}
	}
	if want := "2 drops on CPU 0 (probes firing within 4 others on the CPU)"; len(got) != 1 || got[0] != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
