package session

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/dtrace-go/dtrace/dscript"
	"github.com/dtrace-go/dtrace/dscript/ktypes"
	"github.com/dtrace-go/dtrace/sink"
	"github.com/dtrace-go/dtrace/sink/text"
)

// testConfig is a run's configuration and whether dtrace is quiet.
type testConfig struct {
	*Config
	Quiet bool
}

// runD runs the D script src as dtrace would (quiet unless noisy), with
// edit applied to the configuration, and returns its stdout, stderr and
// status.
func runD(t *testing.T, src string, edit func(*testConfig)) (string, string, int, error) {
	t.Helper()
	requireBPF(t)
	macros := map[string]int64{"pid": int64(os.Getpid())}
	cfg := &testConfig{Config: &Config{SwitchRate: 10 * time.Millisecond, Kernel: ktypes.Open("")}, Quiet: true}
	if edit != nil {
		edit(cfg)
	}
	if len(cfg.Procs) > 0 {
		macros["target"] = int64(cfg.Procs[0].Pid())
	}
	reg, err := NewRegistry()
	if err != nil {
		t.Fatal(err)
	}
	p, err := dscript.New(dscript.Config{Args: []string{"test.d"}, Kernel: cfg.Kernel, Macros: macros, Probes: Catalog(reg, cfg.Kernel)}).
		Compile(dscript.Source{Kind: dscript.Script, Name: "test.d", Text: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	cfg.Registry = reg
	cfg.Notify = func(n sink.Notice) {
		switch n.Kind {
		case sink.NoticeMatched, sink.NoticeDestructive, sink.NoticeExited:
			if cfg.Quiet {
				return
			}
		}
		fmt.Fprintln(&stderr, "dtrace: "+n.Message)
	}
	cfg.Sink = text.New(&stdout, text.Config{Options: text.Options{Quiet: cfg.Quiet, Testing: true},
		Stderr: &stderr, Notify: cfg.Notify})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	status, err := Run(ctx, cfg.Config, []Unit{{Program: p, Kind: dscript.Script, Name: "test.d"}})
	return stdout.String(), stderr.String(), status, err
}

func TestDestructiveRefused(t *testing.T) {
	for _, src := range []string{
		`BEGIN { system("true"); exit(0); }`,
		`BEGIN { exit(0); } END { raise(0); }`,
		`syscall::getppid:entry /0/ { stop(); }`,
		`BEGIN /0/ { chill(1); }`,
		`BEGIN { freopen(""); exit(0); }`,
		`BEGIN { exit(0); copyoutstr("x", arg0, 2); }`,
	} {
		_, stderr, _, err := runD(t, src, func(c *testConfig) { c.Quiet = false })
		if !errors.Is(err, ErrDestructive) {
			t.Errorf("%s: %v, want %v", src, err, ErrDestructive)
		}
		if !strings.HasPrefix(stderr, "dtrace: script 'test.d' matched ") {
			t.Errorf("%s: stderr %q, want the matched notice first", src, stderr)
		}
	}
}

func TestAllowNotice(t *testing.T) {
	_, stderr, _, err := runD(t, `BEGIN { exit(0); }`, func(c *testConfig) { c.Quiet, c.Destructive = false, true })
	if err != nil || stderr != "dtrace: script 'test.d' matched 1 probe\ndtrace: allowing destructive actions\n" {
		t.Errorf("-w: %v, stderr %q", err, stderr)
	}
	_, stderr, _, err = runD(t, `BEGIN { exit(0); }`, func(c *testConfig) { c.Destructive = true })
	if err != nil || stderr != "" {
		t.Errorf("-wq: %v, stderr %q", err, stderr)
	}
}

func allow(c *testConfig) { c.Destructive = true }

func TestSystem(t *testing.T) {
	stdout, stderr, st, err := runD(t, `BEGIN { printf("a\n"); system("echo b%d %s; echo err >&2", 1, "x"); printf("c\n"); }
		BEGIN { system("exit 7"); printf("d\n"); exit(0); }`, allow)
	if err != nil || st != 0 {
		t.Fatalf("%v, status %d", err, st)
	}
	if !strings.HasPrefix(stdout, "a\nb1 x\nc\nd\n") || stderr != "err\n" {
		t.Errorf("stdout %q, stderr %q", stdout, stderr)
	}
}

func TestFreopen(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "out")
	src := fmt.Sprintf(`BEGIN { printf("1\n"); freopen("%s.%%d", 7); printf("2\n"); system("echo 3");
		freopen(""); printf("4\n"); freopen("%s/no/such/dir"); printf("5\n"); exit(0); }`, file, dir)
	stdout, stderr, _, err := runD(t, src, allow)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(stdout, "1\n4\n5\n") {
		t.Errorf("stdout %q", stdout)
	}
	b, err := os.ReadFile(file + ".7")
	if err != nil || string(b) != "2\n3\n" {
		t.Errorf("freopen() file: %q, %v", b, err)
	}
	want := fmt.Sprintf("dtrace: error on enabled probe ID 1 (ID 1: dtrace:::BEGIN): couldn't freopen() \"%s/no/such/dir\": No such file or directory\n", dir)
	if stderr != want {
		t.Errorf("stderr %q, want %q", stderr, want)
	}
	// Appended to, not truncated.
	if _, _, _, err := runD(t, src, allow); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(file + ".7"); string(b) != "2\n3\n2\n3\n" {
		t.Errorf("freopen() file after two runs: %q", b)
	}
}

func TestTracemem(t *testing.T) {
	src := `BEGIN { this->p = (char *)alloca(20); this->p[0] = 0x41; this->p[1] = 0x7e; this->p[2] = 0x7f; this->p[19] = 0xff;
		tracemem(this->p, 20); tracemem(this->p, 20, 3); tracemem(this->p, 16, 0); exit(0); }`
	stdout, _, _, err := runD(t, src, nil)
	if err != nil {
		t.Fatal(err)
	}
	head := "\n             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef\n"
	want := head +
		"         0: 41 7e 7f 00 00 00 00 00 00 00 00 00 00 00 00 00  A~..............\n" +
		"        10: 00 00 00 ff                                      ....\n" +
		head +
		"         0: 41 7e 7f                                         A~.\n" +
		head +
		"         0: 41 7e 7f 00 00 00 00 00 00 00 00 00 00 00 00 00  A~..............\n"
	if !strings.HasPrefix(stdout, want) {
		t.Errorf("stdout\n%s\nwant\n%s", stdout, want)
	}
	_, stderr, _, err := runD(t, `BEGIN { tracemem(0, 8); } BEGIN { exit(0); }`, nil)
	if err != nil || !strings.Contains(stderr, "invalid address (0x0)") {
		t.Errorf("tracemem(0, 8): %v, stderr %q", err, stderr)
	}
}

func TestRaise(t *testing.T) {
	// BEGIN fires in this thread: raise() signals this process.
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGUSR2)
	defer signal.Stop(ch)
	if _, _, _, err := runD(t, `BEGIN { raise(12); exit(0); }`, allow); err != nil {
		t.Fatal(err)
	}
	select {
	case <-ch:
	case <-time.After(2 * time.Second):
		t.Error("raise(SIGUSR2) was not delivered")
	}
	for _, sig := range []string{"0", "65", "-1"} {
		_, stderr, _, err := runD(t, "BEGIN { raise("+sig+"); } BEGIN { exit(0); }", allow)
		if err != nil || !regexp.MustCompile(`^dtrace: error in .* for probe ID 1 \(dtrace:::BEGIN\): illegal operation at BPF pc \d+\n$`).MatchString(stderr) {
			t.Errorf("raise(%s): %v, stderr %q", sig, err, stderr)
		}
	}
}

func TestChillRun(t *testing.T) {
	stdout, stderr, _, err := runD(t, `BEGIN { t = timestamp; chill(30000000); printf("%d\n", timestamp - t); exit(0); }`, allow)
	if err != nil || stderr != "" {
		t.Fatalf("%v, stderr %q", err, stderr)
	}
	ns, _ := strconv.ParseInt(strings.Fields(stdout)[0], 10, 64)
	if ns < 30000000 || ns > 200000000 {
		t.Errorf("chill(30ms) took %d ns by timestamp", ns)
	}
	// Negative, and beyond DTrace's 500 ms per second.
	for _, ns := range []string{"-1", "600000000"} {
		_, stderr, _, err := runD(t, `BEGIN { chill(`+ns+`); printf("chilled\n"); } BEGIN { exit(0); }`, allow)
		if err != nil || !strings.Contains(stderr, "illegal operation") {
			t.Errorf("chill(%s): %v, stderr %q", ns, err, stderr)
		}
	}
	// 400 + 200 ms in one second exceeds the limit (the first is cut by
	// the kernel's loop budget too: it faults either way); 100 + 100 do
	// not.
	stdout, stderr, _, err = runD(t, `BEGIN { chill(100000000); printf("a\n"); } BEGIN { chill(100000000); printf("b\n"); exit(0); }`, allow)
	if err != nil || stderr != "" || !strings.HasPrefix(stdout, "a\nb\n") {
		t.Errorf("chill 100+100 ms: %v, stdout %q, stderr %q", err, stdout, stderr)
	}
	_, stderr, _, _ = runD(t, `BEGIN { chill(300000000); } BEGIN { chill(300000000); } BEGIN { exit(0); }`, allow)
	if strings.Count(stderr, "illegal operation") < 1 {
		t.Errorf("chill 300+300 ms: stderr %q", stderr)
	}
}

func TestProcRun(t *testing.T) {
	requireBPF(t)
	p, err := CreateProc("sleep 0.2")
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	start := time.Now()
	stdout, stderr, st, err := runD(t, `syscall::clock_nanosleep:entry /pid == $target/ { printf("sleeping\n"); }`, func(c *testConfig) {
		c.Quiet = false
		c.Procs = []*Proc{p}
	})
	if err != nil || st != 0 {
		t.Fatalf("%v, status %d", err, st)
	}
	if !strings.Contains(stdout, "clock_nanosleep:entry sleeping") {
		t.Errorf("stdout %q", stdout)
	}
	want := fmt.Sprintf("dtrace: script 'test.d' matched 1 probe\ndtrace: pid %d has exited\n", p.Pid())
	if stderr != want {
		t.Errorf("stderr %q, want %q", stderr, want)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("tracing ended %v after start: not when the process exited", d)
	}
}

func TestProcStop(t *testing.T) {
	requireBPF(t)
	p, err := CreateProc("sleep 5")
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	stdout, _, _, err := runD(t, `syscall::clock_nanosleep:entry /pid == $target/ { stop(); stopped = timestamp; }
		tick-10ms /stopped && timestamp - stopped > 100000000/ {
			system("grep '^State' /proc/%d/status", $target); exit(0); }`, func(c *testConfig) {
		c.Destructive = true
		c.Procs = []*Proc{p}
	})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(stdout, "State:\tT (stopped)\n") {
		t.Errorf("stdout %q, want the target stopped", stdout)
	}
}
