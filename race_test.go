package dtrace_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/dtrace-go/dtrace"
	"github.com/dtrace-go/dtrace/sink/text"
)

// raceProgram is the script each handle of TestConcurrentHandles compiles
// and runs, for handle id: builtin variables, string subroutines, every
// kind of aggregation, printf and printa, on probes that fire without
// help (BEGIN, END, tick) and on getppid(2), which the test calls.
const raceProgram = `#pragma D option quiet
#pragma D option strsize=64

BEGIN
{
	s = strjoin("handle-", lltostr(%[1]d));
	printf("%%s %%d %%s %%s %%s\n", s, strlen(s), substr(s, 0, 6), toupper(s),
	    strtok(s, "-"));
	this->p = pid;
	printf("%%s %%d\n", this->p == %[2]d ? "pid" : "other", execname != "" ? 1 : 0);
	printf("%%d %%d %%d %%d %%d %%s:%%s:%%s\n", ppid == %[3]d, uid == %[4]d, gid == %[5]d,
	    tid != 0 && epid != 0 && id != 0, errno, probeprov, probemod, probename);
	@sums["begin", %[1]d] = sum(%[1]d * 10);
	@q = quantize(%[1]d * 100);
	@l = lquantize(%[1]d, 0, 10, 1);
	@mx = max(%[1]d);
	@mn = min(-%[1]d);
	@av = avg(%[1]d * 2);
	self->ts = timestamp;
}

tick-1ms
/!ticked/
{
	ticked = 1;
	@sums[probeprov, %[1]d] = sum(1);
}

syscall::getppid:entry
/pid == %[2]d/
{
	n++;
	@calls[probefunc, arg0 == 0 ? "noarg" : "arg"] = count();
}

syscall::getppid:entry
/pid == %[2]d && n >= 10 && ticked && !done/
{
	done = 1;
	exit(0);
}

END
{
	printf("end %%s\n", n >= 10 ? "counted" : "short");
	printa("%%s %%d %%@d\n", @sums);
	printa("%%s %%s %%@d\n", @calls);
	printa(@mx);
	printa(@mn);
	printa(@av);
	printa(@q);
	printa(@l);
}
`

// callsLine finds the count of getppid calls in a handle's output.
var callsLine = regexp.MustCompile(`(?m)^getppid noarg (\d+)$`)

// Two handles compile and run two programs at once, in two goroutines:
// nothing a compilation or a run uses is shared between handles unless it
// is safe to share (go test -race checks it), and each gets its own
// program's output.
func TestConcurrentHandles(t *testing.T) {
	if os.Geteuid() != 0 {
		if os.Getenv("DTRACE_TEST_REQUIRE_BPF") != "" {
			t.Fatal("tracing needs root (DTRACE_TEST_REQUIRE_BPF is set)")
		}
		t.Skip("tracing needs root")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	const handles = 2
	outs := make([]bytes.Buffer, handles)
	errs := make([]error, handles)
	// The handles are opened, then the programs compiled together, then
	// run together: what one does after compiling (loading its programs
	// takes locks the other's compilation may take too) does not order the
	// compilations one after the other for the race detector.
	var opened, compiled, wg sync.WaitGroup
	compile, run := make(chan struct{}), make(chan struct{})
	for i := range handles {
		opened.Add(1)
		compiled.Add(1)
		wg.Add(1)
		go func() {
			defer wg.Done()
			steps := raceSteps{opened: opened.Done, compile: compile, compiled: compiled.Done, run: run}
			errs[i] = runRaceProgram(ctx, i+1, &outs[i], steps)
		}()
	}
	opened.Wait()
	close(compile)
	compiled.Wait()
	close(run)
	// The programs exit once they have seen ten of these calls.
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	for running := true; running; {
		select {
		case <-done:
			running = false
		case <-time.After(time.Millisecond):
			syscall.Getppid()
		}
	}
	if ctx.Err() != nil {
		t.Fatal("the runs did not exit within a minute")
	}
	for i := range handles {
		if errs[i] != nil {
			t.Errorf("handle %d: %v", i+1, errs[i])
			continue
		}
		got := outs[i].String()
		m := callsLine.FindStringSubmatch(got)
		if m == nil {
			t.Errorf("handle %d: no count of getppid calls in:\n%s", i+1, got)
			continue
		}
		if n, _ := strconv.Atoi(m[1]); n < 10 {
			t.Errorf("handle %d: %d getppid calls, want 10 or more", i+1, n)
		}
		got = strings.Replace(got, m[0], "getppid noarg N", 1)
		if want := raceOutput(i + 1); got != want {
			t.Errorf("handle %d: output\n%s\nwant\n%s", i+1, got, want)
		}
	}
}

// raceSteps is how runRaceProgram keeps step with the other handles: it
// calls opened once its handle is open, compiles once compile is closed,
// calls compiled once the program is compiled, and runs it once run is
// closed. Each function is called once whatever fails.
type raceSteps struct {
	opened, compiled func()
	compile, run     <-chan struct{}
}

// runRaceProgram compiles and runs raceProgram for handle id in a handle
// of its own, its output to w.
func runRaceProgram(ctx context.Context, id int, w *bytes.Buffer, steps raceSteps) error {
	h, err := dtrace.Open(dtrace.Config{})
	steps.opened()
	if err != nil {
		steps.compiled()
		return err
	}
	defer h.Close()
	<-steps.compile
	src := fmt.Sprintf(raceProgram, id, os.Getpid(), os.Getppid(), os.Getuid(), os.Getgid())
	_, err = h.Compile(dtrace.Source{Kind: dtrace.Script, Name: fmt.Sprintf("race%d.d", id), Text: []byte(src)})
	steps.compiled()
	if err != nil {
		return err
	}
	<-steps.run
	ts := h.NewTextSink(w, text.Config{Options: text.Options{Testing: true}})
	status, err := h.Run(ctx, dtrace.RunConfig{Sink: ts})
	if err != nil {
		return err
	}
	if status != 0 {
		return fmt.Errorf("exit status %d", status)
	}
	return nil
}

// raceOutput is the output wanted of handle id, with the count of getppid
// calls written N.
func raceOutput(id int) string {
	// dist is a distribution of one value, the second of vs.
	dist := func(vs ...int) string {
		s := "           value  ------------- Distribution ------------- count    \n"
		for i, v := range vs {
			bar, n := "", 0
			if i == 1 {
				bar, n = strings.Repeat("@", 40), 1
			}
			s += fmt.Sprintf("%16d |%-40s %-9d\n", v, bar, n)
		}
		return s
	}
	pow := 1
	for pow*2 <= 100*id {
		pow *= 2
	}
	return fmt.Sprintf("handle-%[1]d 8 handle HANDLE-%[1]d handle\npid 1\n1 1 1 1 0 dtrace::BEGIN\nend counted\nprofile %[1]d 1\nbegin %[1]d %[2]d\n"+
		"getppid noarg N\n\n%17[1]d\n\n%17[3]d\n\n%17[4]d\n\n\n", id, 10*id, -id, 2*id) +
		dist(pow/2, pow, pow*2) + "\n\n\n" + dist(id-1, id, id+1) + "\n\n"
}
