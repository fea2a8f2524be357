package bpf

import (
	"errors"
	"fmt"

	"github.com/cilium/ebpf"
	"golang.org/x/sys/unix"
)

// rows is a slice of equally sized byte slices backed by one buffer. It
// unmarshals a packed array of them in place, so batch lookups do not
// allocate per element.
type rows [][]byte

func newRows(n, size int) rows {
	buf := make([]byte, n*size)
	r := make(rows, n)
	for i := range r {
		r[i] = buf[i*size : (i+1)*size : (i+1)*size]
	}
	return r
}

// UnmarshalBinary fills the rows from consecutive records of b.
func (r rows) UnmarshalBinary(b []byte) error {
	if len(r) == 0 {
		return nil
	}
	size := len(r[0])
	if len(b) < len(r)*size {
		return fmt.Errorf("unmarshal %d rows of %d bytes from %d bytes", len(r), size, len(b))
	}
	for i := range r {
		copy(r[i], b[i*size:])
	}
	return nil
}

// cell is one CPU's value in a batch; it copies into its own storage.
type cell []byte

// UnmarshalBinary copies b into the cell.
func (c *cell) UnmarshalBinary(b []byte) error {
	copy(*c, b)
	return nil
}

func newCells(n, size int) []cell {
	buf := make([]byte, n*size)
	cs := make([]cell, n)
	for i := range cs {
		cs[i] = buf[i*size : (i+1)*size : (i+1)*size]
	}
	return cs
}

func forEachBatch(m *ebpf.Map, batch int, fn func([]byte, PerCPUValues) error) error {
	ncpu, err := ebpf.PossibleCPU()
	if err != nil {
		return fmt.Errorf("count possible cpus: %w", err)
	}
	if m.Type() == ebpf.PerCPUArray {
		batch = min(batch, int(m.MaxEntries()))
	}
	keys := newRows(batch, int(m.KeySize()))
	vals := newCells(batch*ncpu, int(m.ValueSize()))
	values := make(PerCPUValues, ncpu)
	var cursor ebpf.MapBatchCursor
	for {
		n, err := m.BatchLookup(&cursor, keys, vals, nil)
		if errors.Is(err, unix.ENOSPC) && n == 0 && batch < int(m.MaxEntries()) {
			// A hash bucket holds more entries than a batch: the kernel
			// copied nothing and left the cursor on that bucket.
			batch *= 2
			keys = newRows(batch, int(m.KeySize()))
			vals = newCells(batch*ncpu, int(m.ValueSize()))
			continue
		}
		done := errors.Is(err, ebpf.ErrKeyNotExist)
		if err != nil && !done {
			return err
		}
		for i := range n {
			for c := range ncpu {
				values[c] = vals[i*ncpu+c]
			}
			if err := fn(keys[i], values); err != nil {
				return err
			}
		}
		if done {
			return nil
		}
	}
}

func forEachIter(m *ebpf.Map, fn func([]byte, PerCPUValues) error) error {
	var (
		key    []byte
		values [][]byte
	)
	iter := m.Iterate()
	for iter.Next(&key, &values) {
		if err := fn(key, values); err != nil {
			return err
		}
	}
	return iter.Err()
}
