package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/pprof/profile"
)

// cgroup2Root returns where the cgroup v2 hierarchy is mounted here (on
// a hybrid layout, /sys/fs/cgroup/unified).
func cgroup2Root(t *testing.T) string {
	t.Helper()
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		for i, fl := range fields {
			if fl == "-" && i+1 < len(fields) && fields[i+1] == "cgroup2" && i > 4 {
				return fields[4]
			}
		}
	}
	t.Fatal("no cgroup v2 hierarchy is mounted")
	return ""
}

// A program in a cgroup the test makes, named as the kubelet and
// containerd name a container's (under a directory of the test's own),
// is told by its cgroup's id (the cgroup builtin, in a predicate); its
// aggregation's key, cgroup_path(cgroup), is the cgroup's path in the
// text output, and is labelled with the container's id and the pod's UID
// in /metrics and in the profile.
func TestCgroupOutputs(t *testing.T) {
	needRoot(t)
	const (
		pod       = "3f1c9a2e-5b7d-4e8f-9a01-23456789abcd"
		container = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
	)
	top := fmt.Sprintf("/dtrace-test-%d", os.Getpid())
	rel := top + "/kubepods.slice/kubepods-besteffort.slice/kubepods-besteffort-pod" +
		strings.ReplaceAll(pod, "-", "_") + ".slice/cri-containerd-" + container + ".scope"
	root := cgroup2Root(t)
	dir := filepath.Join(root, rel)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	defer func() {
		// Innermost first; a cgroup whose last process just exited may
		// be busy a moment longer.
		for d := dir; len(d) >= len(root+top); d = filepath.Dir(d) {
			for i := 0; i < 100; i++ {
				if err := syscall.Rmdir(d); err != syscall.EBUSY {
					break
				}
				time.Sleep(10 * time.Millisecond)
			}
		}
	}()
	var st syscall.Stat_t
	if err := syscall.Stat(dir, &st); err != nil {
		t.Fatal(err)
	}
	// A shell in the cgroup, opening /dev/null again and again.
	sh := exec.Command("sh", "-c", `echo $$ > "$1/cgroup.procs" && while :; do read x < /dev/null; done`, "sh", dir)
	if err := sh.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		sh.Process.Kill()
		sh.Wait()
	}()

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	pb := filepath.Join(t.TempDir(), "out.pb.gz")
	cmd := exec.CommandContext(ctx, dtrace, "-q", "-x", "httpserver=127.0.0.1:0", "-x", "pprof="+pb, "-n",
		fmt.Sprintf(`syscall::openat:entry /cgroup == %d/ { @opens[cgroup_path(cgroup)] = count(); }`, st.Ino))
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stdout strings.Builder
	cmd.Stdout = &stdout
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
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

	series := fmt.Sprintf(`dtrace_opens_total{cgroup_path=%q,container_id=%q,pod_uid=%q} `, rel, container, pod)
	var metrics string
	for !strings.Contains(metrics, series) && ctx.Err() == nil {
		resp, err := http.Get("http://" + addr + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		metrics = string(b)
	}
	if !strings.Contains(metrics, series) {
		t.Errorf("/metrics has no %s:\n%s", series, metrics)
	}

	cmd.Process.Signal(os.Interrupt)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("dtrace: %v\n%s", err, stdout.String())
	}
	if !strings.Contains(stdout.String(), "  "+rel+" ") {
		t.Errorf("the output does not name the cgroup %s:\n%s", rel, stdout.String())
	}
	f, err := os.Open(pb)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p, err := profile.Parse(f)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, s := range p.Sample {
		if slicesEq(s.Label["cgroup_path"], rel) && slicesEq(s.Label["container_id"], container) && slicesEq(s.Label["pod_uid"], pod) {
			found = s.Value[0] > 0
		}
	}
	if !found {
		t.Errorf("no sample of the profile is labelled with the cgroup, its container and its pod:\n%s", p)
	}
}

// slicesEq reports whether vs is the one value v.
func slicesEq(vs []string, v string) bool { return len(vs) == 1 && vs[0] == v }
