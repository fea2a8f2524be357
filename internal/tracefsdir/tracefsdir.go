// Package tracefsdir finds the directory tracefs is mounted on, mounting it
// when it is mounted nowhere, for every package of the module that reads
// tracefs: bpf to attach classic tracepoints, the providers to list trace
// events.
//
// Nothing is cached: each call looks again (two stat calls when tracefs is
// mounted), so a mount made or removed since the last call is seen, and a
// failure is not remembered.
package tracefsdir

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// dirs are the directories tracefs is looked for in, in order. Find mounts
// it on the first when it is mounted nowhere.
var dirs = [...]string{"/sys/kernel/tracing", "/sys/kernel/debug/tracing"}

// ErrNotMounted is returned (wrapped) when tracefs is mounted nowhere and
// cannot be mounted.
var ErrNotMounted = errors.New("tracefs is not mounted")

// Find returns the directory tracefs is mounted on: the first of
// /sys/kernel/tracing and /sys/kernel/debug/tracing that holds
// available_events (under debugfs, looking there mounts it). When none
// does, Find mounts tracefs on /sys/kernel/tracing, which needs
// CAP_SYS_ADMIN, and returns that.
//
// When tracefs is mounted but this process may not read it, the error
// wraps EACCES and names the directory: mounting it again would not help.
func Find() (string, error) {
	var denied error
	for _, d := range dirs {
		_, err := os.Stat(filepath.Join(d, "available_events"))
		if err == nil {
			return d, nil
		}
		if denied == nil && errors.Is(err, fs.ErrPermission) {
			denied = fmt.Errorf("read %s: %w", d, unix.EACCES)
		}
	}
	if denied != nil {
		return "", denied
	}
	err := unix.Mount("tracefs", dirs[0], "tracefs", unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, "")
	if err != nil {
		return "", fmt.Errorf("%w and mounting it on %s failed: %w", ErrNotMounted, dirs[0], err)
	}
	return dirs[0], nil
}
