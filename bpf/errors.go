package bpf

import (
	"errors"

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
