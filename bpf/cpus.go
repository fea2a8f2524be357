package bpf

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// OnlineCPUs returns the CPUs that are online, from
// /sys/devices/system/cpu/online.
func OnlineCPUs() ([]int, error) {
	b, err := os.ReadFile("/sys/devices/system/cpu/online")
	if err != nil {
		return nil, fmt.Errorf("read online cpus: %w", err)
	}
	cpus, err := parseCPUList(string(b))
	if err != nil {
		return nil, fmt.Errorf("read online cpus: %w", err)
	}
	return cpus, nil
}

// parseCPUList parses the kernel's CPU list format, e.g. "0-3,5,7-8".
func parseCPUList(s string) ([]int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	var cpus []int
	for _, part := range strings.Split(s, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		first, err := strconv.Atoi(lo)
		if err != nil {
			return nil, fmt.Errorf("parse cpu list %q: %w", s, err)
		}
		last := first
		if isRange {
			if last, err = strconv.Atoi(hi); err != nil {
				return nil, fmt.Errorf("parse cpu list %q: %w", s, err)
			}
		}
		if first < 0 || last < first {
			return nil, fmt.Errorf("parse cpu list %q: bad range %q", s, part)
		}
		for cpu := first; cpu <= last; cpu++ {
			cpus = append(cpus, cpu)
		}
	}
	return cpus, nil
}
