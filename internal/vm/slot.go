package vm

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"
)

// Slots is how many guests run at once on this machine, from every
// process (two test runs side by side take turns): one for each CPU, as
// each guest emulates its CPUs on one host thread. A guest holds a slot
// (an flock on a file of SlotDir) while its emulator runs; guests waiting
// for one get them in the order they came.
func Slots() int { return max(1, runtime.NumCPU()) }

// SlotDir is the directory of the slots' files and of the queue of the
// guests waiting for one.
func SlotDir() string { return filepath.Join(os.TempDir(), "dtrace-go-vm-slots") }

// slotPoll is how often a guest waiting for a slot looks again.
const slotPoll = 500 * time.Millisecond

// acquireSlot waits for one of the n slots of dir, in the order of the
// requests, and takes it, until ctx is done. It returns the slot's
// release.
//
// The queue is a file for each waiter, named after the time it came and
// held locked (flock) while it waits: a waiter takes a free slot when no
// waiter came before it, and a waiter's file that is not locked is one of
// a process that ended without taking a slot, removed.
func acquireSlot(ctx context.Context, dir string, n int) (release func(), err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("guest slots: %w", err)
	}
	name, ticket, err := enqueue(dir)
	if err != nil {
		return nil, fmt.Errorf("guest slots: %w", err)
	}
	defer func() { os.Remove(name); ticket.Close() }()
	for {
		if first(dir, filepath.Base(name)) {
			for i := range n {
				f, err := os.OpenFile(filepath.Join(dir, fmt.Sprintf("slot-%d", i)), os.O_CREATE|os.O_RDWR, 0o600)
				if err != nil {
					return nil, fmt.Errorf("guest slots: %w", err)
				}
				if syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil {
					return func() { f.Close() }, nil // closing releases the lock
				}
				f.Close()
			}
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(slotPoll):
		}
	}
}

// enqueue puts a waiter at the end of dir's queue: a file named
// "wait-TIME-PID-N", locked before it is given that name, so that no
// other waiter sees it unlocked. It returns the file's path and the file,
// whose closing unlocks it.
func enqueue(dir string) (string, *os.File, error) {
	f, err := os.CreateTemp(dir, "new-")
	if err != nil {
		return "", nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		os.Remove(f.Name())
		f.Close()
		return "", nil, err
	}
	name := filepath.Join(dir, fmt.Sprintf("wait-%020d-%d-%s", time.Now().UnixNano(), os.Getpid(), strings.TrimPrefix(filepath.Base(f.Name()), "new-")))
	if err := os.Rename(f.Name(), name); err != nil {
		os.Remove(f.Name())
		f.Close()
		return "", nil, err
	}
	return name, f, nil
}

// first reports whether no waiter alive came before the one named mine,
// removing the files of those that ended.
func first(dir, mine string) bool {
	ents, _ := os.ReadDir(dir)
	var names []string
	for _, e := range ents {
		if n := e.Name(); strings.HasPrefix(n, "wait-") && n < mine {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	for _, n := range names {
		f, err := os.OpenFile(filepath.Join(dir, n), os.O_RDWR, 0)
		if err != nil {
			continue // it took a slot meanwhile
		}
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			os.Remove(f.Name()) // its process ended
		}
		f.Close()
		if err != nil {
			return false // it waits (EWOULDBLOCK), or cannot be told
		}
	}
	return true
}
