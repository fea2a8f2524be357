package ktypes_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/dtrace-go/dtrace/dscript/ktypes"
	"github.com/dtrace-go/dtrace/symtab"
)

// Address finds the core kernel's symbols of every kind in the listing,
// reading it only when an address is first asked for.
func TestAddressListing(t *testing.T) {
	dir := t.TempDir()
	listing := filepath.Join(dir, "kallsyms")
	ks := &symtab.KernelSymbols{Kallsyms: listing, Sys: dir}
	k := ktypes.OpenWithSymbols(filepath.Join(dir, "no-btf"), ks)
	// Type lookups do not read the listing (it does not exist yet).
	k.Symbol("jiffies")
	k.Type("struct", "task_struct")
	const text = `0000000000000000 A fixed_percpu_data
0000000000001000 A cpu_number
ffffffff81000000 T _text
ffffffff81000100 t local_fn
ffffffff81000200 D jiffies
ffffffff81000210 d dup
ffffffff81000220 D dup
ffffffff81000230 b bss_var
ffffffffc0001000 t mod_fn	[ext4]
ffffffffc0002000 d mod_var	[ext4]
`
	if err := os.WriteFile(listing, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		want uint64
	}{
		{"_text", 0xffffffff81000000},
		{"local_fn", 0xffffffff81000100},
		{"jiffies", 0xffffffff81000200},
		{"dup", 0xffffffff81000220}, // the global one
		{"bss_var", 0xffffffff81000230},
		{"cpu_number", 0x1000},
		{"fixed_percpu_data", 0}, // hidden
		{"mod_fn", 0},            // a module's
		{"mod_var", 0},
		{"no_such_symbol", 0},
	} {
		got, ok := k.Address(tc.name)
		if ok != (tc.want != 0) || got != tc.want {
			t.Errorf("Address(%q) = %#x, %v; want %#x", tc.name, got, ok, tc.want)
		}
	}
	// The listing was read once, by ks, which others may share.
	if err := os.Remove(listing); err != nil {
		t.Fatal(err)
	}
	if a, ok := k.Address("jiffies"); !ok || a != 0xffffffff81000200 {
		t.Errorf("Address(jiffies) read again = %#x, %v", a, ok)
	}
	if kern, err := ks.Get(); err != nil {
		t.Errorf("the shared symbols: %v", err)
	} else if a, _ := kern.Address("jiffies"); a != 0xffffffff81000200 {
		t.Errorf("the shared symbols: jiffies at %#x", a)
	}
	// Unreadable symbols: no address.
	k = ktypes.OpenWithSymbols("", &symtab.KernelSymbols{Kallsyms: filepath.Join(dir, "none")})
	if a, ok := k.Address("_text"); ok {
		t.Errorf("Address without a listing = %#x", a)
	}
}
