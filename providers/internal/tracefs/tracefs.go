// Package tracefs reads the kernel's list of trace events from tracefs, for
// the providers built on tracepoints (syscall, perf/sdt/rawtp).
//
// A Catalog is read once per directory and shared: the syscall provider and
// the tracepoint provider under its three names all read one
// available_events. A directory other than the running system's is how
// tests list probes against fixture copies of tracefs files.
package tracefs

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/dtrace-go/dtrace/internal/tracefsdir"
)

// Event is one line of available_events: GROUP:NAME.
type Event struct {
	Group string
	Name  string
}

// Catalog is what a tracefs directory says of its events.
type Catalog struct {
	// Dir is the tracefs directory read.
	Dir string
	// Events are the events of available_events, in its order.
	Events []Event
}

// Format returns the path of the format file of event group:name.
func (c *Catalog) Format(group, name string) string {
	return filepath.Join(c.Dir, "events", group, name, "format")
}

var cache struct {
	mu   sync.Mutex
	cats map[string]*result
}

type result struct {
	once sync.Once
	cat  *Catalog
	err  error
}

// Open returns the catalog of the tracefs directory dir, reading it the
// first time it is asked for. An empty dir is the running system's tracefs:
// /sys/kernel/tracing or /sys/kernel/debug/tracing, mounted on the first
// when it is mounted nowhere (which needs CAP_SYS_ADMIN; the error then
// wraps tracefsdir.ErrNotMounted).
//
// The error says what could not be read and where, as a user needs to fix
// it: "read /sys/kernel/tracing/available_events: permission denied".
func Open(dir string) (*Catalog, error) {
	cache.mu.Lock()
	if cache.cats == nil {
		cache.cats = make(map[string]*result)
	}
	r := cache.cats[dir]
	if r == nil {
		r = new(result)
		cache.cats[dir] = r
	}
	cache.mu.Unlock()
	r.once.Do(func() { r.cat, r.err = read(dir) })
	return r.cat, r.err
}

func read(dir string) (*Catalog, error) {
	if dir == "" {
		d, err := find()
		if err != nil {
			return nil, err
		}
		dir = d
	}
	path := filepath.Join(dir, "available_events")
	data, err := os.ReadFile(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return &Catalog{Dir: dir, Events: parse(data)}, nil
}

// parse splits available_events into events; lines that are not
// GROUP:NAME are skipped.
func parse(data []byte) []Event {
	evs := make([]Event, 0, bytes.Count(data, []byte{'\n'})+1)
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		group, name, ok := strings.Cut(string(line), ":")
		if !ok || group == "" || name == "" {
			continue
		}
		evs = append(evs, Event{Group: group, Name: name})
	}
	return evs
}

// find returns the directory tracefs is mounted on, mounting it when it is
// mounted nowhere.
func find() (string, error) { return tracefsdir.Find() }
