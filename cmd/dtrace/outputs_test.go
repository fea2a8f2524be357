package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/google/pprof/profile"
)

// needRoot skips a test that traces unless it runs as root; under
// DTRACE_TEST_REQUIRE_BPF it fails instead.
func needRoot(t *testing.T) {
	t.Helper()
	if os.Geteuid() != 0 {
		if os.Getenv("DTRACE_TEST_REQUIRE_BPF") != "" {
			t.Fatal("tracing needs root (DTRACE_TEST_REQUIRE_BPF is set)")
		}
		t.Skip("tracing needs root")
	}
}

// load keeps this process busy until stop is closed: in user code
// (spinOutputs) and in the kernel (reads of /dev/zero, getppid()).
func load(t *testing.T) (stop func()) {
	t.Helper()
	zero, err := os.Open("/dev/zero")
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 4096)
	end := repeat(func() {
		zero.Read(buf)
		syscall.Getppid()
	}, func() { spinOutputs(1 << 16) })
	return func() {
		end()
		zero.Close()
	}
}

// repeat calls each of fs again and again, each in a goroutine of its
// own, until stop is called; stop returns once they have returned.
func repeat(fs ...func()) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	for _, f := range fs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-done:
					return
				default:
				}
				f()
			}
		}()
	}
	return func() {
		close(done)
		wg.Wait()
	}
}

var spinSink atomic.Uint64

//go:noinline
func spinOutputs(n int) {
	x := uint64(1)
	for i := 0; i < n; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
	spinSink.Store(x)
}

// goPprof runs go tool pprof; it must need no binary.
func goPprof(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command("go", append([]string{"tool", "pprof"}, args...)...)
	cmd.Env = append(os.Environ(), "PPROF_BINARY_PATH="+t.TempDir(), "PPROF_TMPDIR="+t.TempDir())
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("go tool pprof %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return stdout.String()
}

// Profiling this process under load: the profile names its kernel and
// user functions (go tool pprof needs no binary for it), and the folded
// stacks are what flame graph tools read.
func TestProfileOutputs(t *testing.T) {
	needRoot(t)
	dir := t.TempDir()
	pb, fold := filepath.Join(dir, "out.pb.gz"), filepath.Join(dir, "out.folded")
	stop := load(t)
	r := run(t, "", "-q", "-x", "pprof="+pb, "-x", "folded="+fold, "-n",
		fmt.Sprintf("profile-99 /pid == %d/ { @[execname, stack(), ustack()] = count(); } tick-2s { exit(0); }", os.Getpid()))
	stop()
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("dtrace: %v", r)
	}
	f, err := os.Open(pb)
	if err != nil {
		t.Fatal(err)
	}
	p, err := profile.Parse(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.CheckValid(); err != nil {
		t.Error(err)
	}
	if p.Period != 1000000000/99 || p.DurationNanos <= 0 || len(p.Comments) == 0 || len(p.Sample) == 0 {
		t.Errorf("period %d duration %d comments %q, %d samples", p.Period, p.DurationNanos, p.Comments, len(p.Sample))
	}
	var kernel, user bool
	for _, l := range p.Location {
		if l.Mapping == nil || len(l.Line) == 0 {
			continue
		}
		kernel = kernel || l.Mapping.File == "[kernel.kallsyms]_text" && l.Mapping.BuildID != ""
		user = user || strings.HasSuffix(l.Line[0].Function.Name, ".spinOutputs") && l.Mapping.File != "" && l.Mapping.Start != 0
	}
	if !kernel || !user {
		t.Errorf("kernel functions %v, spinOutputs %v", kernel, user)
	}
	top := goPprof(t, "-top", "-nodecount=100000", pb)
	if !strings.Contains(top, "spinOutputs") || !strings.Contains(top, "ksys_read") {
		t.Errorf("go tool pprof -top:\n%s", top)
	}
	if tags := goPprof(t, "-tags", pb); !strings.Contains(tags, "execname:") {
		t.Errorf("go tool pprof -tags:\n%s", tags)
	}
	b, err := os.ReadFile(fold)
	if err != nil {
		t.Fatal(err)
	}
	spin := false
	for _, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		i := strings.LastIndexByte(line, ' ')
		n, err := strconv.ParseUint(line[i+1:], 10, 64)
		if i < 0 || err != nil || n == 0 || !strings.Contains(line[:i], ";") {
			t.Errorf("folded line %q", line)
		}
		spin = spin || strings.Contains(line, ".spinOutputs")
	}
	if !spin {
		t.Errorf("no folded stack has spinOutputs:\n%s", b)
	}
}

// A file that cannot be created is an error before tracing starts.
func TestOutputErrors(t *testing.T) {
	needRoot(t)
	r := run(t, "", "-x", "pprof=/nonexistent/x.pb.gz", "-n", "BEGIN { exit(0); }")
	if r.code != 1 || r.stderr != "dtrace: failed to open pprof file '/nonexistent/x.pb.gz': No such file or directory\n" {
		t.Errorf("%v", r)
	}
	r = run(t, "", "-x", "httpserver=1.2.3.4.5:80", "-n", "BEGIN { exit(0); }")
	if r.code != 1 || r.stderr != "dtrace: failed to listen on 1.2.3.4.5:80: \"1.2.3.4.5\" is not an IP address\n" {
		t.Errorf("%v", r)
	}
}

// Serving on every interface is warned of, in one line after the one
// that says where dtrace serves; on the loopback it is not.
func TestHTTPServerAllInterfaces(t *testing.T) {
	needRoot(t)
	for addr, want := range map[string]string{
		"0.0.0.0:0": `dtrace: serving /metrics and /debug/pprof/ on http://0\.0\.0\.0:(\d+)/\n` +
			`dtrace: warning: serving on all interfaces \(0\.0\.0\.0:(\d+)\): anyone who can reach this host can read the traced data\n`,
		"[::]:0": `dtrace: serving /metrics and /debug/pprof/ on http://\[::\]:(\d+)/\n` +
			`dtrace: warning: serving on all interfaces \(\[::\]:(\d+)\): anyone who can reach this host can read the traced data\n`,
		"127.0.0.1:0": `dtrace: serving /metrics and /debug/pprof/ on http://127\.0\.0\.1:(\d+)/\n`,
		":0":          `dtrace: serving /metrics and /debug/pprof/ on http://127\.0\.0\.1:(\d+)/\n`,
	} {
		r := run(t, "", "-q", "-x", "httpserver="+addr, "-n", "BEGIN { exit(0); }")
		m := regexp.MustCompile(`^` + want + `$`).FindStringSubmatch(r.stderr)
		if r.code != 0 || m == nil || len(m) == 3 && m[1] != m[2] {
			t.Errorf("httpserver=%s: %v", addr, r)
		}
	}
}

// A real Prometheus server scrapes a running dtrace and answers PromQL
// with its values: a counter's rate, a histogram's quantile; go tool
// pprof fetches a profile from the same server.
func TestPrometheusScrape(t *testing.T) {
	needRoot(t)
	prom, err := exec.LookPath("prometheus")
	if err != nil {
		if os.Getenv("DTRACE_TEST_REQUIRE_BPF") != "" {
			t.Fatal("prometheus is not installed (.ci/run installs Debian's package)")
		}
		t.Skip("prometheus is not installed")
	}
	stop := load(t)
	defer stop()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	pid := os.Getpid()
	cmd := exec.CommandContext(ctx, dtrace, "-q", "-x", "httpserver=127.0.0.1:0", "-n", fmt.Sprintf(`
		syscall::getppid:entry /pid == %[1]d/ { @calls[execname] = count(); }
		syscall::read:entry /pid == %[1]d/ { @size = quantize(arg2); }
		profile-99 /pid == %[1]d/ { @cpu[stack(), ustack()] = count(); }`, pid))
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
	}()
	sc := bufio.NewScanner(stderr)
	var addr string
	for sc.Scan() {
		if a, ok := strings.CutPrefix(sc.Text(), "dtrace: serving /metrics and /debug/pprof/ on http://"); ok {
			addr = strings.TrimSuffix(a, "/")
			break
		}
		t.Logf("dtrace: %s", sc.Text())
	}
	if addr == "" {
		t.Fatal("dtrace did not say where it serves")
	}
	go io.Copy(io.Discard, stderr)

	dir := t.TempDir()
	promAddr := freePort(t)
	cfg := filepath.Join(dir, "prometheus.yml")
	if err := os.WriteFile(cfg, []byte(fmt.Sprintf(`global:
  scrape_interval: 1s
  evaluation_interval: 1s
scrape_configs:
  - job_name: dtrace
    static_configs:
      - targets: ['%s']
`, addr)), 0o644); err != nil {
		t.Fatal(err)
	}
	var promOut bytes.Buffer
	pc := exec.CommandContext(ctx, prom, "--config.file="+cfg, "--storage.tsdb.path="+filepath.Join(dir, "data"),
		"--web.listen-address="+promAddr, "--log.level=warn")
	pc.Stdout, pc.Stderr = &promOut, &promOut
	if err := pc.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		pc.Process.Kill()
		pc.Wait()
		if t.Failed() {
			t.Logf("prometheus:\n%s", promOut.String())
		}
	}()
	// The counter's rate needs two scrapes of a growing count.
	rate := query(t, ctx, promAddr, `rate(dtrace_calls_total[20s])`, func(v float64) bool { return v > 0 })
	t.Logf("rate(dtrace_calls_total) = %g", rate)
	// The reads of /dev/zero are of 4096 bytes: the median is in the
	// bucket from 4096 to 8191.
	med := query(t, ctx, promAddr, `histogram_quantile(0.5, dtrace_size_bucket)`, func(v float64) bool { return v > 0 })
	if med <= 4095 || med > 8191 {
		t.Errorf("histogram_quantile(0.5, dtrace_size_bucket) = %g, want it in (4095, 8191]", med)
	}
	top := goPprof(t, "-top", "http://"+addr+"/debug/pprof/cpu")
	if !strings.Contains(top, "Type: cpu") || !strings.Contains(top, "flat%") {
		t.Errorf("go tool pprof http://%s/debug/pprof/cpu:\n%s", addr, top)
	}
}

// freePort returns a loopback address with a port free now.
func freePort(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// query asks Prometheus for expr until the instant vector's first value
// satisfies ok, and returns it.
func query(t *testing.T, ctx context.Context, prom, expr string, ok func(float64) bool) float64 {
	t.Helper()
	u := "http://" + prom + "/api/v1/query?query=" + url.QueryEscape(expr)
	last := ""
	for ctx.Err() == nil {
		resp, err := http.Get(u)
		if err == nil {
			var r struct {
				Status string
				Data   struct {
					Result []struct {
						Value [2]any
					}
				}
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			last = string(b)
			if json.Unmarshal(b, &r) == nil && r.Status == "success" && len(r.Data.Result) > 0 {
				if s, isStr := r.Data.Result[0].Value[1].(string); isStr {
					if v, err := strconv.ParseFloat(s, 64); err == nil && ok(v) {
						return v
					}
				}
			}
		}
		time.Sleep(500 * time.Millisecond)
	}
	t.Fatalf("%s: no answer (last: %s)", expr, last)
	return 0
}

// Code a process generates at run time and names in /tmp/perf-PID.map
// (test/unittest/stack/testdata/jitprog.c): its function names the JIT
// frame in the profile, the folded stacks and the JSON output, in module
// perf-PID.map; the code the map does not name stays an address.
func TestJITOutputs(t *testing.T) {
	needRoot(t)
	cc, err := exec.LookPath("cc")
	if err != nil {
		t.Skip("no C compiler")
	}
	dir := t.TempDir()
	prog := filepath.Join(dir, "jitprog")
	build := exec.Command(cc, "-O0", "-fno-omit-frame-pointer", "-o", prog, "../../test/unittest/stack/testdata/jitprog.c")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	cmd := exec.Command(prog)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pid := cmd.Process.Pid
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		os.Remove(fmt.Sprintf("/tmp/perf-%d.map", pid))
	})
	module := fmt.Sprintf("perf-%d.map", pid)
	pb, fold := filepath.Join(dir, "out.pb.gz"), filepath.Join(dir, "out.folded")
	r := run(t, "", "-q", "-x", "oformat=json", "-x", "pprof="+pb, "-x", "folded="+fold, "-p", strconv.Itoa(pid), "-n",
		`syscall::getppid:entry /pid == $target/ { @[ustack()] = count(); n++; } syscall::getppid:entry /n == 5/ { exit(0); }`)
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("dtrace: %v", r)
	}
	f, err := os.Open(pb)
	if err != nil {
		t.Fatal(err)
	}
	p, err := profile.Parse(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.CheckValid(); err != nil {
		t.Error(err)
	}
	var named, unnamed bool
	for _, s := range p.Sample {
		if len(s.Location) < 3 {
			continue
		}
		top, next := s.Location[0], s.Location[1]
		named = named || len(top.Line) == 1 && top.Line[0].Function.Name == "jit_getppid" && top.Mapping != nil && top.Mapping.File == ""
		unnamed = unnamed || len(next.Line) == 0 && next.Mapping != nil && next.Address == top.Address-0xb+0x50
	}
	if !named || !unnamed {
		t.Errorf("profile: jit_getppid %v, the unnamed JIT code %v:\n%s", named, unnamed, p)
	}
	if traces := goPprof(t, "-traces", pb); !strings.Contains(traces, "jit_getppid") {
		t.Errorf("go tool pprof -traces:\n%s", traces)
	}
	b, err := os.ReadFile(fold)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), ";jitprog`main;0x") || !strings.Contains(string(b), ";"+module+"`jit_getppid 5\n") {
		t.Errorf("folded stacks:\n%s", b)
	}
	want := `{"symbol":"` + module + "`jit_getppid+0xb" + `","module":"` + module + `","name":"jit_getppid","offset":"0xb","address":"0x`
	if !strings.Contains(r.stdout, want) || !strings.Contains(r.stdout, `,{"symbol":"0x7`) {
		t.Errorf("JSON output lacks %s and an unnamed frame:\n%s", want, r.stdout)
	}
}
