// Command dtrace is DTrace for Linux: it compiles D programs, traces with
// them and lists probes, as dtrace(1) does. It is built on the module's Go
// API (package dtrace); see package cli for the command line.
package main

import (
	"os"

	"github.com/dtrace-go/dtrace/cmd/dtrace/internal/cli"
)

func main() {
	os.Exit(cli.Run(os.Args, os.Stdout, os.Stderr))
}
