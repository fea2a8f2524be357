package bpf

import (
	"errors"
	"fmt"

	"github.com/cilium/ebpf"
)

var (
	// ErrNotSupported is returned when the kernel lacks a feature. It is
	// cilium/ebpf's sentinel, so errors from either package match it.
	ErrNotSupported = ebpf.ErrNotSupported

	// ErrStopped is returned by Reader.Read once Stop has been called and
	// everything that was in the ring buffer has been handed out.
	ErrStopped = errors.New("reader stopped")

	// ErrClosed is returned when using a Reader after Close.
	ErrClosed = errors.New("reader closed")
)

// RingMapError is a ring buffer of Size bytes that could not be mapped
// into the reader's address space (twice its size, as the kernel maps it):
// ENOMEM when the address-space limit (RLIMIT_AS) or memory does not
// allow it.
type RingMapError struct {
	Size int
	Err  error
}

func (e *RingMapError) Error() string {
	return fmt.Sprintf("map producer pages of a %d-byte ring buffer: %v", e.Size, e.Err)
}

func (e *RingMapError) Unwrap() error { return e.Err }
