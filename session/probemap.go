package session

import (
	"errors"
	"fmt"
	"strings"

	"github.com/cilium/ebpf"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/providers"
)

// probeNames returns the string table of a program whose string
// constants are consts and that enables probes: the constants, then each
// name of the probes once, NUL-terminated, padded to 8 bytes; and each
// probe's names as offsets in it (abi.ProbeNames).
func probeNames(consts []byte, probes []*providers.Probe) ([]byte, []abi.ProbeNames, error) {
	tab := append([]byte(nil), consts...)
	at := make(map[string]uint32, 4+len(probes))
	off := func(s string) uint32 {
		o, ok := at[s]
		if !ok {
			o = uint32(len(tab))
			at[s] = o
			tab = append(append(tab, s...), 0)
		}
		return o
	}
	names := make([]abi.ProbeNames, len(probes))
	for i, p := range probes {
		prov := off(p.Provider)
		if wide, ok := strings.CutSuffix(p.Provider, "*"); ok && wide != "" {
			// A probe of every process: probeprov adds the pid.
			prov = off(wide) | abi.ProbeNamePID
		}
		names[i] = abi.ProbeNames{Provider: prov, Module: off(p.Module), Function: off(p.Function), Name: off(p.Name)}
	}
	for len(tab)%8 != 0 {
		tab = append(tab, 0)
	}
	if len(tab) > abi.ProbeNameMask+1 {
		return nil, nil, fmt.Errorf("the names of the %d probes enabled take %d bytes, more than the %d the string table holds", len(probes), len(tab), abi.ProbeNameMask+1)
	}
	return tab, names, nil
}

// fillProbes writes the names of every probe (names[i] is probes[i]'s)
// into the probes map m, keyed by probe id. It writes them in one batch
// where the kernel allows it: one system call for syscall:::entry's 386
// probes instead of 386.
func fillProbes(m *ebpf.Map, probes []*providers.Probe, names []abi.ProbeNames) error {
	if len(probes) == 0 {
		return nil
	}
	keys := make([]uint32, len(probes))
	for i, p := range probes {
		keys[i] = p.ID
	}
	_, err := m.BatchUpdate(keys, names, nil)
	if errors.Is(err, ebpf.ErrNotSupported) {
		err = nil
		for i, k := range keys {
			if err = m.Put(k, names[i]); err != nil {
				break
			}
		}
	}
	if err != nil {
		return fmt.Errorf("fill map %s: %w", m.String(), err)
	}
	return nil
}
