package toolkit

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// tools returns the toolkit's scripts.
func tools(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("*.d")
	if err != nil || len(files) == 0 {
		t.Fatalf("no tools: %v", err)
	}
	return files
}

// waiting are the tools that wait for a provider dtrace-go lacks: they
// say so and exit 1 (docs/toolkit.md marks them "waiting"). None does
// now.
var waiting []string

// Each tool is an executable script whose #! line runs dtrace from PATH
// with -s last, that starts with a comment saying what it shows, how to
// use it and which probes it needs (or which provider it waits for), is
// in docs/toolkit.md's table, and has a test that runs it.
func TestToolsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../docs/toolkit.md")
	if err != nil {
		t.Fatal(err)
	}
	var tests strings.Builder
	testFiles, _ := filepath.Glob("*_test.go")
	for _, f := range testFiles {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		tests.Write(b)
	}
	shebang := regexp.MustCompile(`^#!/usr/bin/env -S dtrace( -x [a-z]+)* -[A-Za-z]*s$`)
	rows := regexp.MustCompile("(?m)^\\| `([a-z0-9]+\\.d)` \\| [^|]+ \\| [^|]+ \\| (yes|yes \\(`-p`/`-c`\\)|guest|waiting) \\|$")
	status := map[string]string{}
	for _, m := range rows.FindAllStringSubmatch(string(doc), -1) {
		status[m[1]] = m[2]
	}
	counts := map[string]int{}
	for _, name := range tools(t) {
		info, err := os.Stat(name)
		if err != nil {
			t.Fatal(err)
		}
		if info.Mode()&0o111 != 0o111 {
			t.Errorf("%s is not executable (%v)", name, info.Mode())
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(src), "\n")
		if !shebang.MatchString(lines[0]) {
			t.Errorf("%s: #! line %q", name, lines[0])
		}
		if len(lines) < 3 || lines[1] != "/*" || !strings.HasPrefix(lines[2], " * "+name+": ") {
			t.Errorf("%s does not start with a comment naming it and what it shows", name)
		}
		comment, _, _ := strings.Cut(string(src), "*/")
		if !strings.Contains(comment, " * Usage: ./"+name) {
			t.Errorf("%s: its comment has no usage line", name)
		}
		if !strings.Contains(comment, " * Probes: ") && !strings.Contains(comment, " * Waits for the ") {
			t.Errorf("%s: its comment names no probes", name)
		}
		st, ok := status[name]
		if !ok {
			t.Errorf("%s is not in docs/toolkit.md's tables", name)
		}
		switch {
		case strings.HasPrefix(st, "yes"):
			counts["yes"]++
		default:
			counts[st]++
		}
		if !strings.Contains(tests.String(), strconv.Quote(name)) {
			t.Errorf("%s has no test", name)
		}
	}
	for name := range status {
		if _, err := os.Stat(name); err != nil {
			t.Errorf("docs/toolkit.md lists %s, which is not in toolkit/", name)
		}
	}
	// The summary says how many wait for a provider when some do.
	summary := strconv.Itoa(counts["yes"]) + " tools run on this kernel, " + strconv.Itoa(counts["guest"]) +
		" more in the guest."
	if n := counts["waiting"]; n > 0 {
		wait := " wait"
		if n == 1 {
			wait = " waits"
		}
		summary = strings.TrimSuffix(summary, ".") + "; " + strconv.Itoa(n) + wait + " for a provider."
	}
	if !strings.Contains(string(doc), summary) {
		t.Errorf("docs/toolkit.md does not end with %q", summary)
	}
	if counts["waiting"] != len(waiting) {
		t.Errorf("%d tools wait in docs/toolkit.md, %d in the test", counts["waiting"], len(waiting))
	}
}

// The tools waiting for a provider say which in one line, and exit 1.
func TestWaitingTools(t *testing.T) {
	for _, name := range waiting {
		t.Run(name, func(t *testing.T) {
			tl := startNoWait(t, name, nil)
			out := tl.exit(1)
			l := strings.Split(strings.TrimSpace(out), "\n")
			if len(l) != 1 || !strings.HasPrefix(l[0], name+": waits for the ") || !strings.Contains(l[0], " provider") {
				t.Errorf("output %q, want one line saying which provider it waits for", out)
			}
		})
	}
}

// The tools on kernel-function probes compile here (their probes are
// matched against this kernel's functions), though only the guests can
// run them.
func TestGuestToolsCompile(t *testing.T) {
	needRoot(t)
	for _, name := range guestTools {
		argv := append(append([]string{"-e"}, shebangOptions(t, name)...), name)
		cmd := exec.Command(filepath.Join(binDir, "dtrace"), argv...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: %v\n%s", cmd, err, out)
		}
	}
}
