package session

import (
	"bytes"
	"testing"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/providers"
)

// TestProbeNames checks the string table of the enabled probes' names:
// after the constants, each name once and NUL-terminated, what a probe's
// offsets point to, a table whose size does not grow with strsize.
func TestProbeNames(t *testing.T) {
	consts := make([]byte, 16)
	copy(consts, "constant")
	var probes []*providers.Probe
	for i, fn := range []string{"vfs_read", "vfs_write", "vfs_open"} {
		for j, name := range []string{"entry", "return"} {
			probes = append(probes, &providers.Probe{ID: uint32(10 + 2*i + j), Provider: "fbt", Module: "vmlinux", Function: fn, Name: name})
		}
	}
	tab, names, err := probeNames(consts, probes)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(tab[:16], consts) {
		t.Errorf("the constants are not first: %q", tab[:16])
	}
	// fbt, vmlinux, three functions, entry, return, NUL-terminated.
	want := len(consts) + len("fbt vmlinux vfs_read vfs_write vfs_open entry return ")
	if len(tab) < want || len(tab) >= want+8 || len(tab)%8 != 0 {
		t.Errorf("table of %d bytes, want %d padded to 8", len(tab), want)
	}
	str := func(off uint32) string {
		if off&^abi.ProbeNameMask != 0 {
			t.Fatalf("offset %#x past the mask", off)
		}
		end := bytes.IndexByte(tab[off:], 0)
		return string(tab[off : int(off)+end])
	}
	for i, p := range probes {
		n := names[i]
		got := str(n.Provider) + ":" + str(n.Module) + ":" + str(n.Function) + ":" + str(n.Name)
		if w := p.Provider + ":" + p.Module + ":" + p.Function + ":" + p.Name; got != w {
			t.Errorf("probe %d names %s, want %s", p.ID, got, w)
		}
	}
	if names[0].Provider != names[5].Provider || names[0].Function != names[1].Function {
		t.Errorf("a name shared by probes is stored more than once: %+v", names)
	}
}

// TestProbeNamesLimit checks that names past the table's 4 MiB are an
// error, not offsets the programs' mask would wrap.
func TestProbeNamesLimit(t *testing.T) {
	long := string(bytes.Repeat([]byte("f"), 1000))
	var probes []*providers.Probe
	for i := range 5000 {
		probes = append(probes, &providers.Probe{ID: uint32(i + 1), Provider: "fbt", Module: "vmlinux", Function: long + string(rune('a'+i%26)) + string(rune('a'+i/26%26)) + string(rune('a'+i/676)), Name: "entry"})
	}
	if _, _, err := probeNames(nil, probes); err == nil {
		t.Error("5 MB of names: no error")
	}
}
