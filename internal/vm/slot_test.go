package vm

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// waiters returns how many waiters dir's queue holds.
func waiters(t *testing.T, dir string) int {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), "wait-") {
			n++
		}
	}
	return n
}

// TestSlotsInOrder checks that waiters get the slots in the order they
// came, once slots are released, and that a waiter's file left by a
// process that ended does not hold the others back.
func TestSlotsInOrder(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	// A waiter that ended without taking a slot: its file is not locked.
	if err := os.WriteFile(filepath.Join(dir, "wait-00000000000000000001-1-x"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	held, err := acquireSlot(ctx, dir, 1)
	if err != nil {
		t.Fatal(err)
	}
	if n := waiters(t, dir); n != 0 {
		t.Fatalf("%d waiters after the first took the slot, want 0 (the stale one removed)", n)
	}
	got := make(chan int, 3)
	releases := make(chan func(), 3)
	for i := range 3 {
		go func() {
			r, err := acquireSlot(ctx, dir, 1)
			if err != nil {
				t.Error(err)
				return
			}
			got <- i
			releases <- r
		}()
		// The next waiter comes once this one is in the queue.
		for waiters(t, dir) != i+1 {
			select {
			case <-got:
				t.Fatal("a waiter took the slot that is held")
			default:
			}
			runtime.Gosched()
		}
	}
	held()
	for want := range 3 {
		if i := <-got; i != want {
			t.Fatalf("waiter %d took the slot, want %d", i, want)
		}
		r := <-releases
		if n := waiters(t, dir); n != 2-want {
			t.Fatalf("%d waiters while waiter %d holds the slot, want %d", n, want, 2-want)
		}
		r()
	}
}

// TestSlotCanceled checks that a waiter stops waiting when its context is
// done, and leaves the queue.
func TestSlotCanceled(t *testing.T) {
	dir := t.TempDir()
	held, err := acquireSlot(context.Background(), dir, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer held()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := acquireSlot(ctx, dir, 1); err != context.Canceled {
		t.Fatalf("err %v, want %v", err, context.Canceled)
	}
	if n := waiters(t, dir); n != 0 {
		t.Errorf("%d waiters left", n)
	}
}
