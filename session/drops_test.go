package session

import (
	"testing"

	"github.com/dtrace-go/dtrace/dscript/codegen"
)

// scratchCounter sums counter k over the CPUs of m's scratch map.
func scratchCounter(t *testing.T, m maps, k codegen.Counter) uint64 {
	t.Helper()
	var vals [][]byte
	if err := m[codegen.ScratchMap].Lookup(uint32(0), &vals); err != nil {
		t.Fatal(err)
	}
	var n uint64
	off := codegen.ScratchCounter(k)
	for _, v := range vals {
		n += le.Uint64(v[off:])
	}
	return n
}

// Within the default aggsize and dynvarsize nothing is dropped.
func TestDropCounters(t *testing.T) {
	_, _, m := runBeginMaps(t, `BEGIN { @[1] = count(); @[2] = count(); a[1] = 1; a[2] = 2; }`)
	defer m.Close()
	if n := scratchCounter(t, m, codegen.CounterAggDrops); n != 0 {
		t.Errorf("aggregation drops = %d, want 0", n)
	}
	if n := scratchCounter(t, m, codegen.CounterDynDrops); n != 0 {
		t.Errorf("dynamic variable drops = %d, want 0", n)
	}
}

// Keys and elements beyond aggsize and dynvarsize are counted, once each.
func TestDropCountersFull(t *testing.T) {
	// 48 bytes: three count() keys (8 + 8 bytes each); 32 bytes: two
	// elements of a[int] = int.
	_, _, m := runBeginOpts(t, `BEGIN { @[1] = count(); @[2] = count(); @[3] = count(); @[4] = count(); @[5] = count();
		a[1] = 1; a[2] = 2; a[3] = 3; }`, codegen.Options{AggSize: 48, DynVarSize: 32})
	defer m.Close()
	if n := scratchCounter(t, m, codegen.CounterAggDrops); n != 2 {
		t.Errorf("aggregation drops = %d, want 2", n)
	}
	if n := scratchCounter(t, m, codegen.CounterDynDrops); n != 1 {
		t.Errorf("dynamic variable drops = %d, want 1", n)
	}
}
