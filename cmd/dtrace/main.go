// Command dtrace is DTrace for Linux: it compiles D programs, traces with
// them and lists probes, as dtrace(1) does. It is built on the module's Go
// API (package dtrace); see package cli for the command line.
package main

import (
	"os"
	"runtime"

	"github.com/dtrace-go/dtrace/cmd/dtrace/internal/cli"
)

// init keeps the main goroutine on the process's main thread, as dtrace(1)
// is one thread: BEGIN and END, which the runner fires from the goroutine
// that runs the programs, fire there, their tid the pid.
func init() { runtime.LockOSThread() }

func main() {
	os.Exit(cli.Run(os.Args, os.Stdout, os.Stderr))
}
