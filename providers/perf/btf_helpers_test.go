package perf

import (
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/dtrace-go/dtrace/internal/kbtf"
	"github.com/dtrace-go/dtrace/providers"
)

// The tests read BTF files directly, each time, where the provider reads
// its System's BTF once.

const (
	vmlinuxBTF = providers.VmlinuxBTF
	btfMagic   = 0xeb9f
)

// readTracepoints reads the tracepoints of the BTF file at path.
func readTracepoints(path string) (*tracepoints, error) {
	spec, err := kbtf.Open(path)
	if err != nil {
		return nil, err
	}
	tp, err := newTracepoints(spec)
	if err != nil {
		return nil, fmt.Errorf("read BTF %s: %w", path, err)
	}
	return tp, nil
}

// tracepointArgs returns the number of arguments of every tracepoint of
// the BTF file at path, by name.
func tracepointArgs(path string) (map[string]int, error) {
	tp, err := readTracepoints(path)
	if err != nil {
		return nil, err
	}
	return tp.args, nil
}

// parseTracepoints reads the tracepoints of BTF in memory.
func parseTracepoints(data []byte, bo binary.ByteOrder) (*tracepoints, error) {
	if bo != binary.LittleEndian {
		return nil, errors.New("BTF must be little-endian")
	}
	spec, err := kbtf.Parse(data, nil)
	if err != nil {
		return nil, err
	}
	return newTracepoints(spec)
}
