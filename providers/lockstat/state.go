package lockstat

import (
	"errors"
	"io"
	"sync"

	"github.com/cilium/ebpf"
	"golang.org/x/sys/unix"
)

// A probe's programs share, per thread, the state of the acquisition they
// follow: a hash map keyed by the thread (bpf_get_current_pid_tgid),
// whose value is the lock's address, when the timed phase in progress
// began (0 for none), the time of the phases ended, and
// contention_begin's flags. Its elements are allocated as they are made
// (BPF_F_NO_PREALLOC): the kernel's lists of preallocated elements, and
// an LRU map's, are kept under spin locks, which a program at a spin
// lock's slow path or return may find taken by its own CPU, where the
// hash table's bucket locks are guarded against that. The state of a
// thread that exits mid-acquisition, or of one whose end was missed (its
// program attached after it began), stays until the thread's next.
const (
	stateLock  = 0
	stateT0    = 8
	stateAcc   = 16
	stateFlags = 24
	stateSize  = 32

	// stateEntries bounds the threads followed at once.
	stateEntries = 1 << 16
)

// state is a probe's map, made when its first program is linked, and
// closed when every program holding it (hold) has been detached: once
// loaded, the programs hold the kernel's map themselves.
type state struct {
	name string

	mu    sync.Mutex
	m     *ebpf.Map
	err   error
	holds int
}

func newState(probe string) *state { return &state{name: probe} }

// get returns the map, made on the first call.
func (s *state) get() (*ebpf.Map, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil && s.err == nil {
		s.m, s.err = ebpf.NewMap(&ebpf.MapSpec{
			Name:       "lockstat",
			Type:       ebpf.Hash,
			Flags:      unix.BPF_F_NO_PREALLOC,
			KeySize:    8,
			ValueSize:  stateSize,
			MaxEntries: stateEntries,
		})
		if s.err != nil {
			s.err = errors.New("lockstat:::" + s.name + ": make the map of the threads' locks: " + s.err.Error())
		}
	}
	return s.m, s.err
}

// hold counts a program that uses the map.
func (s *state) hold() {
	s.mu.Lock()
	s.holds++
	s.mu.Unlock()
}

// release ends a hold, closing the map after the last.
func (s *state) release() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.holds--
	if s.holds > 0 || s.m == nil {
		return nil
	}
	err := s.m.Close()
	s.m = nil
	return err
}

// holding is an attached program that holds a state: closing it detaches
// the program, then releases the state.
type holding struct {
	io.Closer
	state *state
	once  sync.Once
}

func (h *holding) Close() error {
	err := h.Closer.Close()
	h.once.Do(func() { err = errors.Join(err, h.state.release()) })
	return err
}
