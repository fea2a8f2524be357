package vm

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"time"
)

// Slots is how many guests run at once on this machine, from every
// process (two test runs side by side take turns): one for each CPU, as
// each guest emulates its CPUs on one host thread. A guest holds a slot
// (an flock on a file in the temporary directory) while its emulator runs.
func Slots() int { return max(1, runtime.NumCPU()) }

// acquireSlot waits until a slot is free and takes it, trying them all
// every half second, until ctx is done. It returns the slot's release.
func acquireSlot(ctx context.Context) (release func(), err error) {
	n := Slots()
	for {
		for i := range n {
			p := filepath.Join(os.TempDir(), fmt.Sprintf("dtrace-go-vm-slot-%d.lock", i))
			f, err := os.OpenFile(p, os.O_CREATE|os.O_RDWR, 0o600)
			if err != nil {
				return nil, fmt.Errorf("guest slot: %w", err)
			}
			if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err == nil {
				return func() { f.Close() }, nil // closing releases the lock
			}
			f.Close()
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
}
