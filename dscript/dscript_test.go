package dscript

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/dtrace-go/dtrace/dscript/diag"
)

func compileFile(t *testing.T, path string, cfg Config) error {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	_, err = New(cfg).Compile(Source{Kind: Script, Name: filepath.Base(path), Text: src})
	return err
}

func TestValidPrograms(t *testing.T) {
	files, _ := filepath.Glob("testdata/valid/*.d")
	if len(files) < 200 {
		t.Fatalf("only %d valid programs in testdata/valid", len(files))
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			if err := compileFile(t, f, Config{Args: []string{f}}); err != nil {
				t.Errorf("%s: %v", f, err)
			}
		})
	}
}

// errorRE matches the expectation comment of an invalid program.
var errorRE = regexp.MustCompile(`/\*\s*ERROR\s+(D_[A-Z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\*/`)

// expectation is what an invalid program's ERROR comment says.
type expectation struct {
	tag  diag.Tag
	re   *regexp.Regexp
	line int
}

func readExpectation(t *testing.T, path string) expectation {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var exps []expectation
	for i, line := range strings.Split(string(src), "\n") {
		for _, m := range errorRE.FindAllStringSubmatch(line, -1) {
			pat, err := strconv.Unquote(`"` + m[2] + `"`)
			if err != nil {
				pat = m[2]
			}
			re, err := regexp.Compile(pat)
			if err != nil {
				t.Fatalf("%s:%d: bad regexp %q: %v", path, i+1, m[2], err)
			}
			exps = append(exps, expectation{tag: diag.Tag(m[1]), re: re, line: i + 1})
		}
	}
	if len(exps) != 1 {
		t.Fatalf("%s: want exactly one ERROR comment, found %d", path, len(exps))
	}
	return exps[0]
}

func TestInvalidPrograms(t *testing.T) {
	files, _ := filepath.Glob("testdata/invalid/*.d")
	if len(files) < 150 {
		t.Fatalf("only %d invalid programs in testdata/invalid", len(files))
	}
	tags := map[diag.Tag]bool{}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			want := readExpectation(t, f)
			tags[want.tag] = true
			err := compileFile(t, f, Config{Args: []string{f}})
			var de *diag.Error
			if !errors.As(err, &de) {
				t.Fatalf("%s: want error %s at line %d, got %v", f, want.tag, want.line, err)
			}
			if de.Tag != want.tag || de.Pos.Line != want.line || !want.re.MatchString(de.Msg) {
				t.Errorf("%s:\n got: [%s] line %d: %s\nwant: [%s] line %d: /%s/", f, de.Tag, de.Pos.Line, de.Msg, want.tag, want.line, want.re)
			}
		})
	}
	t.Logf("%d invalid programs, %d distinct tags", len(files), len(tags))
}
