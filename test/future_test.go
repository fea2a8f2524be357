package test

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// tracer is a dtrace run whose output lines a test reads as they come.
type tracer struct {
	cmd    *exec.Cmd
	mu     sync.Mutex
	lines  []string
	stderr strings.Builder
	done   chan struct{}
}

// startTracer runs dtrace with args, reading records every 10ms.
func startTracer(t *testing.T, env []string, args ...string) *tracer {
	t.Helper()
	tr := &tracer{done: make(chan struct{})}
	tr.cmd = exec.Command(dtraceBin, append([]string{"-x", "switchrate=10ms"}, args...)...)
	tr.cmd.Env = append(os.Environ(), env...)
	out, err := tr.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	tr.cmd.Stderr = &lockedWriter{mu: &tr.mu, w: &tr.stderr}
	if err := tr.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		defer close(tr.done)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			tr.mu.Lock()
			tr.lines = append(tr.lines, sc.Text())
			tr.mu.Unlock()
		}
		io.Copy(io.Discard, out)
	}()
	t.Cleanup(tr.stop)
	return tr
}

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}

// stop ends the run (SIGINT, as ^C) and waits for it.
func (tr *tracer) stop() {
	if tr.cmd.ProcessState != nil {
		return
	}
	tr.cmd.Process.Signal(os.Interrupt)
	go func() { time.Sleep(20 * time.Second); tr.cmd.Process.Kill() }()
	<-tr.done
	tr.cmd.Wait()
}

// wait waits until ok holds of the lines read so far (true), or the run
// ends or a minute passes (false).
func (tr *tracer) wait(ok func(lines []string) bool) bool {
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		tr.mu.Lock()
		good := ok(tr.lines)
		tr.mu.Unlock()
		if good {
			return true
		}
		select {
		case <-tr.done:
			tr.mu.Lock()
			good := ok(tr.lines)
			tr.mu.Unlock()
			return good
		case <-time.After(10 * time.Millisecond):
		}
	}
	return false
}

func (tr *tracer) String() string {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return "stdout:\n" + strings.Join(tr.lines, "\n") + "\nstderr:\n" + tr.stderr.String()
}

// ofPID returns the lines that start with pid, less it.
func ofPID(lines []string, pid int) []string {
	var out []string
	p := strconv.Itoa(pid) + " "
	for _, l := range lines {
		if s, ok := strings.CutPrefix(l, p); ok {
			out = append(out, s)
		}
	}
	return out
}

// warmUp starts processes with start until the run shows a line of one
// of them: the probes are then attached, and a process started after
// that starts after tracing began.
func warmUp(t *testing.T, tr *tracer, start func() (pid int, wait func())) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		pid, wait := start()
		try := time.Now().Add(2 * time.Second)
		tr.wait(func(lines []string) bool { return len(ofPID(lines, pid)) > 0 || time.Now().After(try) })
		wait()
		tr.mu.Lock()
		seen := len(ofPID(tr.lines, pid)) > 0
		tr.mu.Unlock()
		if seen {
			return
		}
	}
	t.Fatalf("no process's probe fired\n%s", tr)
}

// A pattern over pids (python*) traces the python processes started
// after tracing began, from the first Python function each runs: the
// first functions one enters and leaves are those a process dtrace
// started itself (-c: held at its entry point until the probes are
// enabled) enters and leaves (python 3.11's function__entry fires for
// frames entered from C only: function__return is traced too).
// probeprov is python followed by the firing pid.
func TestFutureProcessUSDT(t *testing.T) {
	requireRoot(t)
	python := "/usr/bin/python3"
	if _, err := os.Stat(python); err != nil {
		needTool(t, "/usr/bin/python3")
	}
	lockSuite(t)
	dir := t.TempDir()
	script := filepath.Join(dir, "calls.py")
	if err := os.WriteFile(script, []byte("def square(x):\n    return x * x\n\nlist(map(square, range(3)))\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	env := []string{"PYTHONHASHSEED=0"}
	argv := []string{python, "-I", "-S", script}
	const n = 40

	// The whole: -c.
	ref := exec.Command(dtraceBin, "-q", "-c", strings.Join(argv, " "), "-n",
		`python$target:::function-entry, python$target:::function-return { printf("%d %s %s %s:%d\n", pid, probename, copyinstr(arg1), copyinstr(arg0), arg2); }`)
	ref.Env = append(os.Environ(), env...)
	out, err := ref.Output()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var want []string
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if _, rest, ok := strings.Cut(l, " "); ok {
			want = append(want, rest)
		}
	}
	square := "function-return square " + script + ":2"
	if len(want) < 3 || !slices.Contains(want, square) {
		t.Fatalf("-c run: %q", want)
	}

	tr := startTracer(t, env, "-q", "-n", fmt.Sprintf(
		`python*:::function-entry, python*:::function-return /ppid == %d/ { printf("%%d %%s %%s %%s:%%d %%d\n", pid, probename, copyinstr(arg1), copyinstr(arg0), arg2, probeprov == strjoin("python", lltostr(pid))); }`, os.Getpid()))
	run := func(args ...string) (int, func()) {
		c := exec.Command(args[0], args[1:]...)
		c.Env = append(os.Environ(), env...)
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
		return c.Process.Pid, func() { c.Wait() }
	}
	warmUp(t, tr, func() (int, func()) { return run(python, "-I", "-S", "-c", "pass") })

	pid, wait := run(argv...)
	wait()
	var got []string
	if !tr.wait(func(lines []string) bool {
		got = ofPID(lines, pid)
		return slices.Contains(got, square+" 1")
	}) {
		t.Fatalf("pid %d: no square\n%s", pid, tr)
	}
	for i, l := range got {
		l, ok := strings.CutSuffix(l, " 1")
		if !ok {
			t.Fatalf("pid %d: probeprov is not python%d: %q", pid, pid, got[i])
		}
		got[i] = l
	}
	k := min(n, len(want))
	if len(got) < k || !slices.Equal(got[:k], want[:k]) {
		t.Fatalf("pid %d started after tracing began: the first functions entered\n%s\nwant (as -c has them)\n%s",
			pid, strings.Join(got[:min(k, len(got))], "\n"), strings.Join(want[:k], "\n"))
	}
}

// pid*:MODULE:FUNCTION:return traces every process of an object, those
// started after tracing began too: bash's readline, as bpftrace's
// bashreadline reads it, from an interactive bash started on a
// pseudo-terminal once tracing ran, each line typed seen once, in order,
// with DTrace's names of the provider of one process (pidNNN).
func TestFutureProcessPid(t *testing.T) {
	requireRoot(t)
	bash := needTool(t, "bash")
	lockSuite(t)
	tr := startTracer(t, nil, "-q", "-n",
		`pid*:bash:readline:return { printf("%d %s %s %s %s %d\n", pid, copyinstr(arg1), probemod, probefunc, probename, probeprov == strjoin("pid", lltostr(pid))); }`)
	warmUp(t, tr, func() (int, func()) {
		sh := startPTYShell(t, bash)
		sh.typeLine("true")
		return sh.cmd.Process.Pid, sh.close
	})
	sh := startPTYShell(t, bash)
	defer sh.close()
	lines := []string{"echo one", "echo two three", "true"}
	for _, l := range lines {
		sh.typeLine(l)
	}
	pid := sh.cmd.Process.Pid
	want := []string{"echo one bash readline return 1", "echo two three bash readline return 1", "true bash readline return 1"}
	var got []string
	if !tr.wait(func(ls []string) bool { got = ofPID(ls, pid); return len(got) >= len(want) }) || !slices.Equal(got, want) {
		t.Fatalf("pid %d: got %q, want %q\n%s", pid, got, want, tr)
	}
}

// ptyShell is an interactive shell on a pseudo-terminal.
type ptyShell struct {
	t      *testing.T
	cmd    *exec.Cmd
	master *os.File
}

// startPTYShell starts sh -i (no profile, no rc file) as the session
// leader of a new pseudo-terminal, whose output is read and dropped.
func startPTYShell(t *testing.T, sh string) *ptyShell {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := unix.IoctlSetPointerInt(int(master.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetInt(int(master.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	slave, err := os.OpenFile("/dev/pts/"+strconv.Itoa(n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer slave.Close()
	cmd := exec.Command(sh, "--noprofile", "--norc", "-i")
	cmd.Env = append(os.Environ(), "PS1=$ ", "TERM=dumb", "HISTFILE=/dev/null")
	cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, slave
	cmd.SysProcAttr = &unix.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, master)
	return &ptyShell{t: t, cmd: cmd, master: master}
}

// typeLine types a line, as a person does: the shell reads it with
// readline.
func (s *ptyShell) typeLine(l string) {
	if _, err := s.master.WriteString(l + "\r"); err != nil {
		s.t.Fatal(err)
	}
}

// close ends the shell (exit, then a hang-up) and waits for it.
func (s *ptyShell) close() {
	s.master.WriteString("exit\r")
	done := make(chan struct{})
	go func() { s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		s.cmd.Process.Kill()
		<-done
	}
	s.master.Close()
}

// dlopenProg loads the library its argument names and calls its loop_fn.
const dlopenProg = `#include <dlfcn.h>
#include <stdio.h>
int main(int argc, char **argv)
{
	void *h = dlopen(argv[1], RTLD_NOW);
	if (h == NULL)
		return 1;
	int (*f)(int) = (int (*)(int))dlsym(h, "loop_fn");
	printf("%d\n", f(41));
	return 0;
}
`

// dlopenLib is the library, with an SDT probe.
const dlopenLib = `#include <sys/sdt.h>
int loop_fn(int x)
{
	DTRACE_PROBE1(dtgotest, libprobe, x);
	return x + 1;
}
`

// A library a process loads after tracing began (dlopen) has its probes
// from the time it is mapped: named by the module field and found as the
// dynamic linker finds it (LD_LIBRARY_PATH here), for pid$target and for
// a USDT provider of every process, with the names of the probe and of
// the process that fired it.
func TestDlopen(t *testing.T) {
	requireRoot(t)
	cc := needTool(t, "gcc")
	lockSuite(t)
	dir := t.TempDir()
	for name, src := range map[string]string{"dl.c": dlopenProg, "libdl.c": dlopenLib} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{"-shared", "-fPIC", "-I/usr/local/include", "-o", filepath.Join(dir, "libdlprobe.so"), filepath.Join(dir, "libdl.c")},
		{"-o", filepath.Join(dir, "dl"), filepath.Join(dir, "dl.c"), "-ldl"},
	} {
		if out, err := exec.Command(cc, args...).CombinedOutput(); err != nil {
			t.Fatalf("%s %s: %v\n%s", cc, strings.Join(args, " "), err, out)
		}
	}
	c := exec.Command(dtraceBin, "-q", "-c", filepath.Join(dir, "dl")+" libdlprobe.so", "-n",
		`pid$target:libdlprobe.so:loop_fn:entry, dtgotest*:libdlprobe.so::libprobe { printf("%s %s %s %s %d %d\n", probeprov == strjoin("pid", lltostr(pid)) || probeprov == strjoin("dtgotest", lltostr(pid)) ? "PROV" : probeprov, probemod, probefunc, probename, arg0, pid == $target); }`)
	c.Env = append(os.Environ(), "LD_LIBRARY_PATH="+dir)
	out, err := c.CombinedOutput()
	got := strings.Split(strings.TrimSpace(string(out)), "\n")
	slices.Sort(got)
	want := []string{"42", "PROV libdlprobe.so loop_fn entry 41 1", "PROV libdlprobe.so loop_fn libprobe 41 1"}
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("%v\n%s\nwant\n%s", err, out, strings.Join(want, "\n"))
	}
}

// PostgreSQL from Debian (built with its SDT probes, of the provider
// postgresql), started after dtrace began tracing as a private cluster of
// the postgres user on a free loopback port: postgres*:::query-start and
// query-done see each query psql sends once, with its text (arg0), in
// the backend that ran it, probeprov postgresqlNNN. The postgres binary is not in PATH: dtrace finds it as a shell
// would, with the cluster's bin directory in PATH.
func TestPostgres(t *testing.T) {
	requireRoot(t)
	bins, _ := filepath.Glob("/usr/lib/postgresql/*/bin/postgres")
	if len(bins) == 0 {
		needTool(t, "postgres")
	}
	bin := filepath.Dir(bins[len(bins)-1])
	psql := needTool(t, "psql")
	lockSuite(t)
	dir, err := os.MkdirTemp("", "dtrace-pg")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	data := filepath.Join(dir, "data")
	if out, err := exec.Command("chown", "postgres", dir).CombinedOutput(); err != nil {
		t.Fatalf("chown: %v\n%s", err, out)
	}
	asPG := func(args ...string) *exec.Cmd {
		return exec.Command("runuser", append([]string{"-u", "postgres", "--"}, args...)...)
	}
	if out, err := asPG(filepath.Join(bin, "initdb"), "-A", "trust", "-U", "postgres", "-D", data).CombinedOutput(); err != nil {
		t.Fatalf("initdb: %v\n%s", err, out)
	}
	port := freePort(t)

	tr := startTracer(t, []string{"PATH=" + bin + ":" + os.Getenv("PATH")}, "-q", "-n",
		`postgres*:::query-start { printf("%d start %s %d\n", pid, copyinstr(arg0), probeprov == strjoin("postgresql", lltostr(pid))); }
		 postgres*:::query-done { printf("%d done %s\n", pid, copyinstr(arg0)); }`)
	// Once dtrace has begun, the cluster starts.
	time.Sleep(100 * time.Millisecond)
	if out, err := asPG(filepath.Join(bin, "pg_ctl"), "-D", data, "-l", filepath.Join(dir, "log"), "-w",
		"-o", fmt.Sprintf("-k %s -p %d -c listen_addresses=127.0.0.1", dir, port), "start").CombinedOutput(); err != nil {
		t.Fatalf("pg_ctl start: %v\n%s", err, out)
	}
	defer asPG(filepath.Join(bin, "pg_ctl"), "-D", data, "-m", "immediate", "stop").Run()
	query := func(q string) {
		c := exec.Command(psql, "-X", "-q", "-h", "127.0.0.1", "-p", strconv.Itoa(port), "-U", "postgres", "-d", "postgres", "-c", q)
		if out, err := c.CombinedOutput(); err != nil {
			t.Fatalf("psql -c %q: %v\n%s", q, err, out)
		}
	}
	// Until the probes fire: then every query is seen.
	deadline := time.Now().Add(time.Minute)
	for i := 0; ; i++ {
		q := fmt.Sprintf("select %d as warm", i)
		query(q)
		try := time.Now().Add(2 * time.Second)
		seen := false
		tr.wait(func(ls []string) bool {
			seen = slices.ContainsFunc(ls, func(l string) bool { return strings.HasSuffix(l, " done "+q) })
			return seen || time.Now().After(try)
		})
		if seen {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no query seen\n%s", tr)
		}
	}
	queries := []string{"create table dt(x int)", "insert into dt values (1), (2)", "select sum(x) from dt", "drop table dt"}
	for _, q := range queries {
		query(q)
	}
	last := " done " + queries[len(queries)-1]
	if !tr.wait(func(ls []string) bool {
		return slices.ContainsFunc(ls, func(l string) bool { return strings.HasSuffix(l, last) })
	}) {
		t.Fatalf("the queries were not all seen\n%s", tr)
	}
	tr.mu.Lock()
	lines := slices.Clone(tr.lines)
	tr.mu.Unlock()
	for _, q := range queries {
		var starts, dones []string
		for _, l := range lines {
			pid, rest, _ := strings.Cut(l, " ")
			switch rest {
			case "start " + q + " 1":
				starts = append(starts, pid)
			case "done " + q:
				dones = append(dones, pid)
			}
		}
		if len(starts) != 1 || !slices.Equal(starts, dones) {
			t.Errorf("%q: query-start in %q, query-done in %q; want one each, in one backend\n%s", q, starts, dones, tr)
		}
	}
}

// freePort returns a loopback TCP port that was free a moment ago.
func freePort(t *testing.T) int {
	t.Helper()
	fd, err := unix.Socket(unix.AF_INET, unix.SOCK_STREAM, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(fd)
	if err := unix.Bind(fd, &unix.SockaddrInet4{Addr: [4]byte{127, 0, 0, 1}}); err != nil {
		t.Fatal(err)
	}
	sa, err := unix.Getsockname(fd)
	if err != nil {
		t.Fatal(err)
	}
	return sa.(*unix.SockaddrInet4).Port
}
