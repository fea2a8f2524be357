package docs

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// notRun lists the commands of sh-norun blocks, each with why no test
// runs it. Keep it short: a command that can run belongs in an sh block.
var notRun = map[string]string{
	"./test.sh": "runs every test of the module, this one included (it would run itself), " +
		"and installs packages; CI runs it (.ci/run)",
	"go test ./test/": "the runtime suite: minutes; ./test.sh runs it (go test ./...)",
	"go test ./providers/fbt/ ./providers/stable/ ./providers/lockstat/ ./providers/rawfbt/": "boot qemu " +
		"guests (minutes each); ./test.sh runs them (go test ./...)",
	"bench/runtime.sh":         "a benchmark: many minutes, installs bpftrace",
	"bench/frontend.sh":        "a benchmark: minutes of hyperfine runs against bpftrace",
	"bench/list.sh":            "a benchmark: minutes of hyperfine runs against bpftrace",
	"bench/fbt.sh":             "a benchmark in a qemu guest: many minutes",
	"bench/net.sh":             "a benchmark: minutes of traffic under both tracers",
	"bench/future.sh ./dtrace": "a benchmark: minutes of hyperfine runs against bpftrace",
	"kubectl apply -f examples/daemonset.yaml": "needs a Kubernetes cluster; " +
		"examples/daemonset_test.go checks the manifest",
}

// docFiles returns the Markdown files the tests read, relative to this
// directory.
func docFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("*.md")
	if err != nil || len(files) == 0 {
		t.Fatalf("no docs: %v", err)
	}
	return append([]string{"../README.md"}, files...)
}

// A block is one fenced code block.
type block struct {
	info  string
	line  int      // of its opening fence
	lines []string // its text
}

// A command is one command of an sh or sh-norun block.
type command struct {
	text  string // as given to bash
	line  int    // where it starts
	exits int    // the status it must end with
}

var fence = regexp.MustCompile("^(```+|~~~+)\\s*([^`\\s]*)\\s*$")

// blocks returns the fenced code blocks of a Markdown file.
func blocks(t *testing.T, file string) []block {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []block
	var cur *block
	var closer string
	for i, l := range strings.Split(string(data), "\n") {
		if cur != nil {
			if strings.TrimSpace(l) == closer {
				out = append(out, *cur)
				cur = nil
				continue
			}
			cur.lines = append(cur.lines, l)
			continue
		}
		if m := fence.FindStringSubmatch(l); m != nil {
			cur = &block{info: m[2], line: i + 1}
			closer = m[1]
		}
	}
	if cur != nil {
		t.Errorf("%s:%d: the code block is not closed", file, cur.line)
	}
	return out
}

var (
	heredoc = regexp.MustCompile(`<<-?\s*['"]?([A-Za-z_]+)['"]?`)
	exitsRe = regexp.MustCompile(`#\s*exits\s+(\d+)\s*$`)
)

// commands splits an sh block into its commands.
func commands(file string, b block) ([]command, error) {
	var out []command
	for i := 0; i < len(b.lines); i++ {
		start := i
		l := b.lines[i]
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		text := l
		for strings.HasSuffix(text, "\\") && i+1 < len(b.lines) {
			i++
			text += "\n" + b.lines[i]
		}
		if m := heredoc.FindStringSubmatch(text); m != nil {
			for {
				i++
				if i >= len(b.lines) {
					return nil, fmt.Errorf("%s:%d: here-document %s not ended", file, b.line+1+start, m[1])
				}
				text += "\n" + b.lines[i]
				if strings.TrimSpace(b.lines[i]) == m[1] {
					break
				}
			}
		}
		c := command{text: text, line: b.line + 1 + start}
		if m := exitsRe.FindStringSubmatch(strings.SplitN(text, "\n", 2)[0]); m != nil {
			c.exits, _ = strconv.Atoi(m[1])
		}
		out = append(out, c)
	}
	return out, nil
}

// kinds are the info strings of the blocks that are not run.
var kinds = map[string]bool{"d": true, "go": true, "c": true, "yaml": true, "text": true}

// commandLike matches what starts a command line in an indented block.
var commandLike = regexp.MustCompile(`^    (\./|sudo |go |cc |bench/|dtrace |CGO_ENABLED|curl |make )`)

// TestDocConventions checks the form of the docs' code blocks: each has
// a known kind, each command not run is listed with a reason, and no
// command hides in an indented block. It needs no privilege.
func TestDocConventions(t *testing.T) {
	used := map[string]bool{}
	total := 0
	for _, file := range docFiles(t) {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		inFence := false
		for i, l := range strings.Split(string(data), "\n") {
			if fence.MatchString(l) {
				inFence = !inFence
				continue
			}
			if !inFence && commandLike.MatchString(l) {
				t.Errorf("%s:%d: a command in an indented block, which no test runs: "+
					"put it in an sh block: %s", file, i+1, strings.TrimSpace(l))
			}
		}
		for _, b := range blocks(t, file) {
			switch {
			case b.info == "sh" || b.info == "sh-norun":
				cmds, err := commands(file, b)
				if err != nil {
					t.Error(err)
					continue
				}
				if len(cmds) == 0 {
					t.Errorf("%s:%d: an empty %s block", file, b.line, b.info)
				}
				for _, c := range cmds {
					if b.info == "sh" {
						total++
						continue
					}
					key := strings.TrimSpace(exitsRe.ReplaceAllString(c.text, ""))
					if i := strings.Index(key, "  #"); i >= 0 {
						key = strings.TrimSpace(key[:i])
					}
					if _, ok := notRun[key]; !ok {
						t.Errorf("%s:%d: %q is in an sh-norun block but not in notRun "+
							"(docs_test.go), which says why no test runs it", file, c.line, key)
					}
					used[key] = true
				}
			case kinds[b.info]:
			default:
				t.Errorf("%s:%d: a code block of kind %q: use sh for commands the test runs, "+
					"sh-norun for those it cannot (listed in notRun), or one of d, go, c, yaml, text",
					file, b.line, b.info)
			}
		}
	}
	for c := range notRun {
		if !used[c] {
			t.Errorf("notRun lists %q, which no sh-norun block shows", c)
		}
	}
	if total < 10 {
		t.Errorf("only %d commands to run in the docs", total)
	}
}

// binDir holds the dtrace the commands run; buildErr says why it could
// not be built.
var (
	binDir   string
	buildErr error
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "dtrace-docs")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binDir = dir
	if os.Geteuid() != 0 {
		buildErr = fmt.Errorf("the docs' commands trace: they need root")
	} else {
		cmd := exec.Command("go", "build", "-o", filepath.Join(dir, "dtrace"), "../cmd/dtrace")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("build dtrace: %v\n%s", err, out)
		}
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// checkout makes a directory that looks like the repository's checkout,
// with ./dtrace the dtrace built.
func checkout(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, e := range entries {
		if e.Name() == ".git" || e.Name() == "dtrace" {
			continue
		}
		if err := os.Symlink(filepath.Join(root, e.Name()), filepath.Join(dir, e.Name())); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(binDir, "dtrace"), filepath.Join(dir, "dtrace")); err != nil {
		t.Fatal(err)
	}
	return dir
}

// commandLimit bounds each command, so that one that does not end fails
// the test and is named instead of hanging it. Nothing is asserted about
// how long a command took.
const commandLimit = 5 * time.Minute

// TestDocCommands runs every command of the docs' sh blocks (see the
// package's documentation).
func TestDocCommands(t *testing.T) {
	if buildErr != nil {
		if os.Getenv("DTRACE_TEST_REQUIRE_BPF") != "" {
			t.Fatalf("%v (DTRACE_TEST_REQUIRE_BPF is set)", buildErr)
		}
		t.Skip(buildErr)
	}
	// The docs' commands take fixed resources (the HTTP server's port):
	// a second run of this test on the machine (another checkout's
	// ./test.sh) waits for the first.
	lock, err := os.OpenFile(filepath.Join(os.TempDir(), "dtrace-go-docs-test.lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close()
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	for _, file := range docFiles(t) {
		t.Run(strings.TrimPrefix(file, "../"), func(t *testing.T) {
			var cmds []command
			for _, b := range blocks(t, file) {
				if b.info != "sh" {
					continue
				}
				c, err := commands(file, b)
				if err != nil {
					t.Fatal(err)
				}
				cmds = append(cmds, c...)
			}
			if len(cmds) == 0 {
				t.Skip("no commands")
			}
			dir := checkout(t)
			for _, c := range cmds {
				run(t, file, dir, c)
			}
		})
	}
}

// run runs one command with bash in dir and checks its exit status.
func run(t *testing.T, file, dir string, c command) {
	t.Helper()
	limit := commandLimit
	if d, ok := t.Deadline(); ok && time.Until(d)-30*time.Second < limit {
		limit = time.Until(d) - 30*time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-c", c.text)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+binDir+string(os.PathListSeparator)+os.Getenv("PATH"))
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 10 * time.Second
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	err := cmd.Run()
	code := 0
	if ctx.Err() != nil {
		t.Errorf("%s:%d: did not end within %v, killed: %s\n%s", file, c.line, limit, c.text, tail(out.Bytes()))
		return
	}
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Errorf("%s:%d: %s: %v", file, c.line, c.text, err)
		return
	}
	if code != c.exits {
		t.Errorf("%s:%d: exit status %d, want %d: %s\n%s", file, c.line, code, c.exits, c.text, tail(out.Bytes()))
		return
	}
	t.Logf("%s:%d: ok: %s", file, c.line, strings.SplitN(c.text, "\n", 2)[0])
}

// tail returns the last lines of a command's output.
func tail(b []byte) string {
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if len(lines) > 40 {
		lines = append([]string{"..."}, lines[len(lines)-40:]...)
	}
	return strings.Join(lines, "\n")
}
