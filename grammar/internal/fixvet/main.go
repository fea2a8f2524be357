// Command fixvet rewrites the generated parser so that go vet accepts it:
// ANTLR ends each rule function with an unreachable "goto errorExit" that
// keeps the label used, which vet reports; fixvet moves it into an
// "if false" before the return.
package main

import (
	"bytes"
	"fmt"
	"os"
)

func main() {
	for _, name := range os.Args[1:] {
		src, err := os.ReadFile(name)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		old := []byte("\treturn localctx\n\tgoto errorExit // Trick to prevent compiler error if the label is not used\n")
		fix := []byte("\tif false {\n\t\tgoto errorExit // keeps the label used\n\t}\n\treturn localctx\n")
		out := bytes.ReplaceAll(src, old, fix)
		if err := os.WriteFile(name, out, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}
