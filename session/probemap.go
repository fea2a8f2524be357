package session

import (
	"errors"
	"fmt"
	"reflect"
	"unsafe"

	"github.com/cilium/ebpf"

	"github.com/dtrace-go/dtrace/providers"
)

// fillProbes writes the provider, module, function and name of every probe
// into the probes map m, each a NUL-padded string of strsize bytes, keyed
// by probe id. It writes them in one batch where the kernel allows it: one
// system call for syscall:::entry's 386 probes instead of 386.
func fillProbes(m *ebpf.Map, probes []*providers.Probe, strsize int) error {
	if len(probes) == 0 {
		return nil
	}
	size := 4 * strsize
	keys := make([]uint32, len(probes))
	// A slice of [size]byte, so that the batch sees one value per key.
	vals := reflect.MakeSlice(reflect.SliceOf(reflect.ArrayOf(size, reflect.TypeFor[byte]())), len(probes), len(probes))
	buf := unsafe.Slice((*byte)(vals.UnsafePointer()), len(probes)*size)
	for i, p := range probes {
		keys[i] = p.ID
		v := buf[i*size : (i+1)*size]
		for j, s := range []string{p.Provider, p.Module, p.Function, p.Name} {
			copy(v[j*strsize:(j+1)*strsize-1], s)
		}
	}
	_, err := m.BatchUpdate(keys, vals.Interface(), nil)
	if errors.Is(err, ebpf.ErrNotSupported) {
		err = nil
		for i, k := range keys {
			if err = m.Put(k, buf[i*size:(i+1)*size]); err != nil {
				break
			}
		}
	}
	if err != nil {
		return fmt.Errorf("fill map %s: %w", m.String(), err)
	}
	return nil
}
