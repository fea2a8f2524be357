package ktypes

import (
	"os"
	"testing"
)

// BenchmarkTaskStruct converts struct task_struct afresh each time (a new
// converter on an indexed blob whose name maps are built).
func BenchmarkTaskStruct(b *testing.B) {
	if _, err := os.Stat(DefaultPath); err != nil {
		if os.Getenv("DTRACE_TEST_REQUIRE_BPF") == "1" {
			b.Fatalf("kernel BTF required: %v", err)
		}
		b.Skip(err)
	}
	k := Open("")
	if k.Type("struct", "task_struct") == nil {
		b.Fatal("no task_struct")
	}
	for b.Loop() {
		k.conv = newConverter(k.raw)
		if k.Type("struct", "task_struct") == nil {
			b.Fatal("no task_struct")
		}
	}
}

// BenchmarkAddress opens a Kernel and asks for a symbol's address: the
// cost of the first backquoted name's address (reading /proc/kallsyms).
func BenchmarkAddress(b *testing.B) {
	if _, ok := Open("").Address("_text"); !ok {
		b.Skip("kallsyms addresses are hidden")
	}
	for b.Loop() {
		if _, ok := Open("").Address("schedule"); !ok {
			b.Fatal("no schedule")
		}
	}
}
