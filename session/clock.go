package session

import "golang.org/x/sys/unix"

// monotonicNow reads CLOCK_MONOTONIC, the clock bpf_ktime_get_ns reads.
func monotonicNow() (int64, error) {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_MONOTONIC, &ts); err != nil {
		return 0, err
	}
	return ts.Nano(), nil
}
