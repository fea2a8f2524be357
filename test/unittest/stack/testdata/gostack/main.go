// Command gostack is a program with known frames for the stack tests:
// main calls a, a calls b, b calls c, and c makes the getppid system call
// through syscall.Syscall, every 10 ms, forever.
package main

import (
	"syscall"
	"time"
)

//go:noinline
func c(x uintptr) uintptr {
	r, _, _ := syscall.Syscall(syscall.SYS_GETPPID, 0, 0, 0)
	return r + x
}

//go:noinline
func b(x uintptr) uintptr { return c(x) * 2 }

//go:noinline
func a(x uintptr) uintptr { return b(x) + 1 }

func main() {
	var s uintptr
	for {
		s += a(s)
		time.Sleep(10 * time.Millisecond)
	}
}
