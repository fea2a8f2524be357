// Command goprog is a test program for symtab: it prints the entry
// addresses of its functions a, b and c, then waits for its standard input
// to close.
package main

import (
	"fmt"
	"io"
	"os"
	"reflect"
)

//go:noinline
func c(x int) int { return x + os.Getppid() }

//go:noinline
func b(x int) int { return c(x) * 2 }

//go:noinline
func a(x int) int { return b(x) + 1 }

func main() {
	pc := func(f any) uintptr { return reflect.ValueOf(f).Pointer() }
	fmt.Printf("%#x %#x %#x\n", pc(a), pc(b), pc(c))
	io.Copy(io.Discard, os.Stdin)
	os.Exit(a(1) & 0)
}
