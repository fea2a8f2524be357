// Package dtest reads the expectations written into the D test corpus
// (dscript/testdata): an invalid program announces the error DTrace reports
// for it with a comment /* ERROR D_TAG "regexp" */ on the line the error is
// reported at.
package dtest

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"regexp"
)

// Expectation is one ERROR comment: the tag, the line it stands on and the
// regular expression the message (without "line N: ") must match.
type Expectation struct {
	Tag  string
	Line int
	RE   *regexp.Regexp
}

var comment = regexp.MustCompile(`/\*\s*ERROR\s+(D_[A-Z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\*/`)

// Read returns the expectations of the program in path, in order.
func Read(path string) ([]Expectation, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var exps []Expectation
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		for _, m := range comment.FindAllStringSubmatch(sc.Text(), -1) {
			// The regexp is used as written: \x22 and \" stand for a
			// quote, \\ for a backslash.
			re, err := regexp.Compile(m[2])
			if err != nil {
				return nil, fmt.Errorf("%s:%d: bad regexp %q: %w", path, n, m[2], err)
			}
			exps = append(exps, Expectation{Tag: m[1], Line: n, RE: re})
		}
	}
	return exps, sc.Err()
}
