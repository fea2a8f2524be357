package cli

import (
	"io"
	"testing"
)

// BenchmarkList is dtrace -l of the live system, in process: the listing's
// cost without the process's start.
func BenchmarkList(b *testing.B) {
	for b.Loop() {
		if st := Run([]string{"dtrace", "-l"}, io.Discard, io.Discard); st != 0 {
			b.Fatalf("exit %d", st)
		}
	}
}

// BenchmarkListVerbose is dtrace -lv of the live system, in process.
func BenchmarkListVerbose(b *testing.B) {
	for b.Loop() {
		if st := Run([]string{"dtrace", "-lv"}, io.Discard, io.Discard); st != 0 {
			b.Fatalf("exit %d", st)
		}
	}
}
