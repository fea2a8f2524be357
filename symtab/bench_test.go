package symtab

import (
	"bytes"
	"os"
	"testing"
)

// kallsymsCopy returns the running kernel's kallsyms listing, skipping the
// benchmark when its addresses are hidden.
func kallsymsCopy(b *testing.B) []byte {
	data, err := os.ReadFile(KallsymsPath)
	if err != nil {
		b.Skip(err)
	}
	if _, err := ParseKallsyms(bytes.NewReader(data)); err != nil {
		b.Skip(err)
	}
	return data
}

// BenchmarkParseKallsyms parses a copy of /proc/kallsyms held in memory:
// the parser's cost without the kernel's cost of producing the listing.
func BenchmarkParseKallsyms(b *testing.B) {
	data := kallsymsCopy(b)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := ParseKallsyms(bytes.NewReader(data)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadKernel reads /proc/kallsyms: what the first stack printed
// costs.
func BenchmarkReadKernel(b *testing.B) {
	kallsymsCopy(b)
	for b.Loop() {
		if _, err := ReadKernel(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkKernelAddress finds a symbol by name in a parsed listing.
func BenchmarkKernelAddress(b *testing.B) {
	k, err := ParseKallsyms(bytes.NewReader(kallsymsCopy(b)))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, ok := k.Address("schedule"); !ok {
			b.Fatal("no schedule")
		}
	}
}
