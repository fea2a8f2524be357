// Command goprog is the pid provider's Go test program: a recursive
// function with a stack check, which waits for its standard input to
// close.
package main

import (
	"io"
	"os"
)

//go:noinline
func recurse(n int) int {
	var pad [256]byte
	pad[n%256] = byte(n)
	if n == 0 {
		return 0
	}
	return recurse(n-1) + int(pad[n%256]&1)
}

func main() {
	io.Copy(io.Discard, os.Stdin)
	os.Exit(recurse(10) & 0)
}
