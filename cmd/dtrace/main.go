// Command dtrace is DTrace for Linux: it compiles D programs and, in later
// versions, traces with them. See package cli for the command line.
package main

import (
	"os"

	"github.com/dtrace-go/dtrace/cmd/dtrace/internal/cli"
)

func main() {
	os.Exit(cli.Run(os.Args, os.Stdout, os.Stderr))
}
