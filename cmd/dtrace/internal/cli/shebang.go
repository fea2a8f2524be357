package cli

import (
	"bytes"
	"path/filepath"
	"strings"
)

// DTrace itself only skips a script's "#!" line; the options on it take
// effect because exec(2) passes them to dtrace when the script is run as a
// program. Linux passes everything after the interpreter as one word, so
// "#!/usr/sbin/dtrace -x bufsize=4m -qs" cannot work that way; and a script
// run as "dtrace -s FILE" would lose its options. dtrace-go therefore reads
// the "#!" line of every -s script and applies its options as if typed.

// interpreterOptions are the options a "#!" line may set; the others (modes,
// programs, processes, output) are ignored there.
const interpreterOptions = "36bCDeFHIqUvwxXZ"

// interpreterLine returns the first line of a script's text if it is a
// "#!" line, without the "#!".
func interpreterLine(text []byte) (string, bool) {
	line, _, _ := bytes.Cut(text, []byte("\n"))
	rest, ok := bytes.CutPrefix(line, []byte("#!"))
	return strings.TrimRight(string(rest), "\r"), ok
}

// interpreterArgs returns the dtrace arguments of a "#!" line (without the
// "#!"): the words after the interpreter, without the final "s" that takes
// the script's path ("-qs" gives "-q", "-s" nothing). "/usr/bin/env dtrace"
// is understood as an interpreter too.
func interpreterArgs(line string) []string {
	words := strings.Fields(line)
	if len(words) == 0 {
		return nil
	}
	interp, words := words[0], words[1:]
	if filepath.Base(interp) == "env" {
		// Skip env's own options and assignments up to dtrace itself.
		for len(words) > 0 && filepath.Base(words[0]) != "dtrace" {
			words = words[1:]
		}
		if len(words) > 0 {
			words = words[1:]
		}
	}
	if n := len(words); n > 0 {
		last := words[n-1]
		switch {
		case last == "-s":
			words = words[:n-1]
		case len(last) > 2 && last[0] == '-' && strings.HasSuffix(last, "s"):
			words[n-1] = last[:len(last)-1]
		}
	}
	return words
}
