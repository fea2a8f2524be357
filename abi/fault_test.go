package abi

import "testing"

// Describe words a fault as dtrace-utils' dt_handle_err does, with the
// value the fault recorded.
func TestFaultDescribe(t *testing.T) {
	for _, c := range []struct {
		f    Fault
		val  uint64
		want string
	}{
		{FaultBadAddr, 0, "invalid address (0x0)"},
		{FaultBadAddr, 0x4f0, "invalid address (0x4f0)"},
		{FaultBadAddr, ^uint64(0), "invalid address"},
		{FaultBadAlign, 3, "invalid alignment (0x3)"},
		{FaultBadStack, 0x10, "bad stack (0x10)"},
		{FaultBadSize, 0x101, "invalid size (0x101)"},
		{FaultBadSize, ^uint64(0), "invalid size (0xffffffffffffffff)"},
		{FaultBadIndex, 8, "index out of bounds (8)"},
		{FaultBadIndex, ^uint64(0), "index out of bounds (-1)"},
		{FaultDivZero, 0, "divide-by-zero"},
		{FaultNoScratch, 5, "out of scratch space"},
		{FaultIllOp, 9, "illegal operation"},
		{FaultKPriv, 9, "invalid kernel access"},
		{Fault(99), 9, "unknown fault"},
	} {
		if got := c.f.Describe(c.val); got != c.want {
			t.Errorf("%d.Describe(%#x) = %q, want %q", c.f, c.val, got, c.want)
		}
	}
}
