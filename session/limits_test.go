package session

import (
	"errors"
	"math"
	"testing"

	"github.com/cilium/ebpf"
	"golang.org/x/sys/unix"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/dscript/options"
)

func configOf(t *testing.T, opts ...[2]string) (Config, error) {
	t.Helper()
	var set options.Set
	set.Set("bufsize", "4m", true) // dtrace(1)'s default, set first
	for _, o := range opts {
		given := o[1] != "-"
		v := o[1]
		if !given {
			v = ""
		}
		if err := set.Set(o[0], v, given); err != nil {
			t.Fatalf("-x %s=%s: %v", o[0], o[1], err)
		}
	}
	return ConfigFrom(&set)
}

// Options whose effect dtrace-go lacks are refused, not ignored; "-x
// bufsize" without a size is libdtrace's EDT_BUFTOOSMALL.
func TestConfigRefuses(t *testing.T) {
	for _, c := range []struct {
		opt  [2]string
		want error
	}{
		{[2]string{"aggpack", "-"}, codegen.ErrNotSupported},
		{[2]string{"aggzoom", "yes"}, codegen.ErrNotSupported},
		{[2]string{"agghist", "1"}, codegen.ErrNotSupported},
		{[2]string{"bufsize", "-"}, ErrBufTooSmall},
		{[2]string{"bufsize", "0"}, ErrBufTooSmall},
		{[2]string{"cpu", "1048576"}, ErrNoCPU},
		{[2]string{"strsize", "1g"}, ErrLimit},
	} {
		if _, err := configOf(t, c.opt); !errors.Is(err, c.want) {
			t.Errorf("-x %s=%s: %v, want %v", c.opt[0], c.opt[1], err, c.want)
		}
	}
	for _, opt := range [][2]string{{"aggpack", "no"}, {"cpu", "0"}, {"stackframes", "0"}, {"bufresize", "manual"}} {
		if _, err := configOf(t, opt); err != nil {
			t.Errorf("-x %s=%s: %v", opt[0], opt[1], err)
		}
	}
	cfg, _ := configOf(t, [2]string{"cpu", "0"}, [2]string{"stackframes", "0"}, [2]string{"bufresize", "manual"})
	if !cfg.OneCPU || cfg.CPU != 0 || cfg.Codegen.StackFrames != codegen.NoFrames || !cfg.ManualResize {
		t.Errorf("cpu=0, stackframes=0, bufresize=manual: %+v", cfg)
	}
}

func TestLoweredSize(t *testing.T) {
	for n, want := range map[int64]string{
		2 << 30: "2g", 512 << 20: "512m", 1 << 20: "1m", 3 << 10: "3k", 1536: "1536 bytes", 512: "512 ", 1 << 40: "1t",
	} {
		if got := SizeString(n); got != want {
			t.Errorf("SizeString(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestNewMapsLowers makes the maps of a program of an aggregation and an
// associative array with a kernel that refuses large maps: newMaps halves
// them until they are made, as DTrace lowers bufsize, aggsize and
// dynvarsize, and says by how much; under bufresize=manual it fails.
func TestNewMapsLowers(t *testing.T) {
	prog := compileTail(t, "BEGIN { @a[1] = count(); x[1] = 1; }")
	var agg, dyn string
	for _, d := range prog.Maps {
		if d.Object == nil {
			continue
		}
		if _, ok := d.Object.Agg(); ok {
			agg = d.Name
		} else if d.Kind == codegen.HashMap {
			dyn = d.Name
		}
	}
	if agg == "" || dyn == "" {
		t.Fatalf("maps %+v: want an aggregation's and a variable's", prog.Maps)
	}
	limits := map[string]uint32{abi.RingMap: 1 << 20, agg: 1000, dyn: 100}
	refused := map[string]error{abi.RingMap: unix.ENOMEM, agg: unix.E2BIG, dyn: unix.ENOMEM}
	defer func(f func(*ebpf.MapSpec) (*ebpf.Map, error)) { createMap = f }(createMap)
	createMap = func(s *ebpf.MapSpec) (*ebpf.Map, error) {
		if l, ok := limits[s.Name]; ok && s.MaxEntries > l {
			return nil, refused[s.Name]
		}
		return nil, nil
	}
	_, lowered, err := newMaps(prog, nil, 8<<20, false)
	if err != nil {
		t.Fatal(err)
	}
	// 8m to 1m; 4m of aggregation entries of 8+8 bytes to under 1000;
	// 1m of variables of 8+8 bytes to under 100.
	if want := (Lowered{Ring: 3, Agg: 9, Dyn: 10}); lowered != want {
		t.Errorf("lowered %+v, want %+v", lowered, want)
	}
	if _, _, err := newMaps(prog, nil, 8<<20, true); !errors.Is(err, ErrNoMemory) || !errors.Is(err, unix.ENOMEM) {
		t.Errorf("bufresize=manual: %v, want %v", err, ErrNoMemory)
	}
	// A ring buffer past the kernel's largest is that one, lowered.
	limits[abi.RingMap] = math.MaxUint32
	_, lowered, err = newMaps(prog, nil, 1<<40, false)
	if err != nil || lowered.Ring != halvings(1<<40, bpf.MaxRingBufSize) {
		t.Errorf("bufsize=1t: lowered %+v, %v; want %d ring halvings", lowered, err, halvings(1<<40, bpf.MaxRingBufSize))
	}
}

// Buffers that cannot hold one record, aggregation entry or dynamic
// variable refuse to start, as libdtrace refuses them (EDT_BUFTOOSMALL):
// bufsize against the largest record and its ring buffer header, aggsize
// and dynvarsize against the largest key and value together.
func TestCheckSizes(t *testing.T) {
	// A record of a header and two 8-byte values (32 bytes, 40 with the
	// ring buffer's header); an aggregation of a 16-byte key and an
	// 8-byte value; variables of keys up to 16 bytes and 8-byte values.
	prog := compileTail(t, "BEGIN { trace(1); trace(2); @a[1, 2] = sum(1); x[1, 2] = 1; self->y = 2; }")
	for _, c := range []struct {
		opt  [2]string
		fits bool
	}{
		{[2]string{"bufsize", "39"}, false},
		{[2]string{"bufsize", "40"}, true},
		{[2]string{"aggsize", "23"}, false},
		{[2]string{"aggsize", "24"}, true},
		{[2]string{"dynvarsize", "23"}, false},
		{[2]string{"dynvarsize", "24"}, true},
	} {
		cfg, err := configOf(t, c.opt)
		if err != nil {
			t.Fatal(err)
		}
		err = checkSizes(prog, &cfg)
		if c.fits && err != nil || !c.fits && !errors.Is(err, ErrBufTooSmall) {
			t.Errorf("-x %s=%s: %v, want fits %v", c.opt[0], c.opt[1], err, c.fits)
		}
	}
}
