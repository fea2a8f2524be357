// Package tracefs reads the kernel's list of trace events from tracefs, for
// the providers built on tracepoints (syscall, perf/sdt/rawtp).
//
// Open reads a directory each time it is called: keeping what was read is
// the business of the providers.System the directory belongs to, whose
// providers (syscall, and the tracepoint provider under its three names)
// share one read. A directory other than the running system's is how
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

// Open reads the catalog of the tracefs directory dir. An empty dir is
// the running system's tracefs: /sys/kernel/tracing or
// /sys/kernel/debug/tracing, mounted on the first when it is mounted
// nowhere (which needs CAP_SYS_ADMIN; the error then wraps
// tracefsdir.ErrNotMounted).
//
// The error says what could not be read and where, as a user needs to fix
// it: "read /sys/kernel/tracing/available_events: permission denied".
func Open(dir string) (*Catalog, error) {
	if dir == "" {
		d, err := find()
		if err != nil {
			return nil, err
		}
		dir = d
	}
	path := filepath.Join(dir, "available_events")
	data, err := readFile(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return &Catalog{Dir: dir, Events: parse(data)}, nil
}

// readFile reads the file at path. Tracefs files have no size: where
// os.ReadFile would read them a little at a time into a buffer it grows,
// it reads into one large enough for a distribution kernel's
// available_events (60 KiB for 2,300 events) in as few system calls as
// the kernel allows.
func readFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var buf bytes.Buffer
	buf.Grow(128 << 10)
	if _, err := buf.ReadFrom(f); err != nil {
		return nil, &fs.PathError{Op: "read", Path: path, Err: err}
	}
	return buf.Bytes(), nil
}

// parse splits available_events into events; lines that are not
// GROUP:NAME are skipped. The names share one copy of data.
func parse(data []byte) []Event {
	text := string(data)
	evs := make([]Event, 0, strings.Count(text, "\n")+1)
	for len(text) > 0 {
		line := text
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			text = ""
		}
		group, name, ok := strings.Cut(line, ":")
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
