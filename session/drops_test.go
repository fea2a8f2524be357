package session

import (
	"testing"
	"time"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/sink"
)

// scratchCounter sums counter k over the CPUs and frames of m's scratch
// map.
func scratchCounter(t *testing.T, m maps, k abi.Counter) uint64 {
	t.Helper()
	vals, err := scratchCounts(m[abi.ScratchMap])
	if err != nil {
		t.Fatal(err)
	}
	var n uint64
	off := k.Offset()
	for _, v := range vals {
		n += le.Uint64(v[off:])
	}
	return n
}

// Within the default aggsize and dynvarsize nothing is dropped.
func TestDropCounters(t *testing.T) {
	_, _, m := runBeginMaps(t, `BEGIN { @[1] = count(); @[2] = count(); a[1] = 1; a[2] = 2; }`)
	defer m.Close()
	if n := scratchCounter(t, m, abi.CounterAggDrops); n != 0 {
		t.Errorf("aggregation drops = %d, want 0", n)
	}
	if n := scratchCounter(t, m, abi.CounterDynDrops); n != 0 {
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
	if n := scratchCounter(t, m, abi.CounterAggDrops); n != 2 {
		t.Errorf("aggregation drops = %d, want 2", n)
	}
	if n := scratchCounter(t, m, abi.CounterDynDrops); n != 1 {
		t.Errorf("dynamic variable drops = %d, want 1", n)
	}
}

// A pacer is due at once, then once per interval, advancing by whole
// intervals without falling more than one behind.
func TestPacer(t *testing.T) {
	t0 := time.Unix(1000, 0)
	p := pacer{interval: 100 * time.Millisecond}
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	steps := []struct {
		ms  int
		due bool
	}{
		{0, true}, {10, false}, {99, false}, {100, true}, {150, false}, {205, true},
		{299, false}, {300, true}, {1000, true}, {1050, false}, {1100, true},
	}
	for _, s := range steps {
		if got := p.due(at(s.ms)); got != s.due {
			t.Errorf("due at %d ms = %v, want %v", s.ms, got, s.due)
		}
	}
	zero := pacer{}
	for i := range 3 {
		if !zero.due(at(i)) {
			t.Errorf("a pacer of interval 0 not due at %d ms", i)
		}
	}
}

// The reader collects at the shortest of the three rates; each defaults
// to 1s.
func TestReadInterval(t *testing.T) {
	if d := readInterval(&Config{}); d != DefaultRate {
		t.Errorf("default read interval %v", d)
	}
	if d := readInterval(&Config{StatusRate: 10 * time.Millisecond, SwitchRate: 50 * time.Millisecond}); d != 10*time.Millisecond {
		t.Errorf("read interval %v, want 10ms", d)
	}
	p := pacers(&Config{AggRate: 2 * time.Second})
	if p[paceAgg].interval != 2*time.Second || p[paceSwitch].interval != time.Second || p[paceStatus].interval != time.Second {
		t.Errorf("pacers %+v", p)
	}
}

// Drops are reported in DTrace's words, a detail saying why after the CPU.
func TestReportDrop(t *testing.T) {
	var got []string
	r := &run{cfg: &Config{Notify: func(n sink.Notice) { got = append(got, n.Message) }}}
	for _, k := range dropKinds {
		if k.off == abi.CounterAggDrops.Offset() || k.off == abi.CounterAggContext.Offset() {
			r.reportDrop(k, 3, 1)
		}
	}
	want := []string{"3 aggregation drops on CPU 1",
		"3 aggregation drops on CPU 1 (new keys the kernel could not store where their probe fired)"}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("got %q, want %q", got, want)
	}
}

// Thread-local variables and associative arrays share one pool of
// dynvarsize: with 64 bytes, four elements of an 8-byte key and an 8-byte
// value in all, whichever variables hold them; a fifth is a dynamic
// variable drop, an element deleted (assigned 0) makes room again, and
// replacing an element's value takes none.
func TestDynVarsSharePool(t *testing.T) {
	prog, recs, m := runBeginOpts(t, `
long a[long];

BEGIN
{
	a[1] = 1;
	a[2] = 2;
	a[3] = 3;
	self->x = 4;
	a[4] = 5;
	trace(a[4]);
	a[1] = 0;
	a[5] = 6;
	trace(a[5]);
	a[2] = 7;
	trace(a[2]);
	trace(self->x);
	self->x = 0;
	self->y = 8;
	trace(self->y);
}
`, codegen.Options{DynVarSize: 64})
	defer m.Close()
	if got := traced(t, prog, recs); len(got) != 5 || got[0] != 0 || got[1] != 6 || got[2] != 7 || got[3] != 4 || got[4] != 8 {
		t.Errorf("traced %v, want [0 6 7 4 8]", got)
	}
	if n := scratchCounter(t, m, abi.CounterDynDrops); n != 1 {
		t.Errorf("dynamic variable drops = %d, want 1", n)
	}
	var g []byte
	if err := m[abi.GlobalsMap].Lookup(uint32(0), &g); err != nil {
		t.Fatal(err)
	}
	if n := le.Uint64(g[abi.GlobalDynVars:]); n != 4 {
		t.Errorf("elements held %d, want 4", n)
	}
}
