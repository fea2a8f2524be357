package cli

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/dtrace-go/dtrace"
	"github.com/dtrace-go/dtrace/internal/kbtf"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/cpc"
)

// fixtureSystem is the fixture copy of a system's tracefs and BTF the
// listing tests run against without root.
var fixtureSystem = dtrace.Config{
	Tracefs: "../../../../providers/testdata/system/tracing",
	BTF:     "../../../../providers/testdata/system/btf/vmlinux",
	PMUs:    "../../../../providers/testdata/system/event_source",
}

// useSystem makes dtrace runs in this test read sys.
func useSystem(t *testing.T, sys dtrace.Config) {
	t.Setenv("_DTRACE_TRACEFS", sys.Tracefs)
	t.Setenv("_DTRACE_BTF", sys.BTF)
	t.Setenv("_DTRACE_PMUS", sys.PMUs)
}

// open returns a handle on sys.
func open(t *testing.T, sys dtrace.Config) *dtrace.Handle {
	t.Helper()
	h, err := dtrace.Open(sys)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h
}

// liveSystem returns the running system when its tracefs can be read, or
// skips (never under DTRACE_TEST_REQUIRE_BPF, where root is required).
func liveSystem(t *testing.T) dtrace.Config {
	t.Helper()
	h := open(t, dtrace.Config{})
	h.Probes()
	if errs := h.ListErrors(); len(errs) > 0 {
		if os.Getenv("DTRACE_TEST_REQUIRE_BPF") != "" {
			t.Fatalf("tracefs must be readable here: %v", errs[0])
		}
		t.Skipf("cannot list the live system: %v", errs[0])
	}
	return dtrace.Config{}
}

// TestListMatchesEnabling checks, over some hundreds of probe descriptions
// drawn from the probes of a system, that the probes dtrace -l -n X lists
// are the probes tracing with -n X enables, and that both are what a
// brute-force reading of DTrace's matching rules over the whole listing
// gives.
func TestListMatchesEnabling(t *testing.T) {
	for _, c := range []struct {
		name string
		sys  func(*testing.T) dtrace.Config
	}{
		{"fixture", func(*testing.T) dtrace.Config { return fixtureSystem }},
		{"live", liveSystem},
	} {
		t.Run(c.name, func(t *testing.T) {
			sys := c.sys(t)
			useSystem(t, sys)
			all, err := open(t, sys).Probes()
			if err != nil {
				t.Fatal(err)
			}
			// The kernel's functions (fbt, 100,000 probes) are thinned
			// out of the sample: every description over them lists and
			// enables them all, which takes a tenth of a second here.
			sample := make([]dtrace.Probe, 0, len(all))
			fbt := 0
			for _, p := range all {
				if p.Provider == "fbt" {
					if fbt++; fbt%20000 != 1 {
						continue
					}
				}
				sample = append(sample, p)
			}
			// Fewer of the live system's, each of whose runs lists
			// thousands of probes.
			n := 25
			if c.name == "live" {
				n = 10
			}
			descs := descriptions(sample, n)
			if len(descs) < 8*n {
				t.Fatalf("only %d descriptions", len(descs))
			}
			matched := 0
			for _, d := range descs {
				listed := listIDs(t, "-l", "-n", d)
				enabled := enabledIDs(t, sys, d)
				want := referenceIDs(all, d)
				if listed != enabled || listed != want {
					t.Errorf("%q: -l lists [%s], -n enables [%s], the rules give [%s]", d, listed, enabled, want)
				}
				if listed != "" {
					matched++
				}
			}
			t.Logf("%d descriptions over %d probes, %d matching some", len(descs), len(all), matched)
		})
	}
}

// descriptions makes probe descriptions from every step-th probe: exact
// ones in each form -n accepts, globs of each kind, and ids.
func descriptions(all []dtrace.Probe, n int) []string {
	var ds []string
	step := max(1, len(all)/n)
	for i := 0; i < len(all); i += step {
		p := all[i]
		half := p.Name[:len(p.Name)/2]
		ds = append(ds,
			p.Provider+":"+p.Module+":"+p.Function+":"+p.Name,
			p.Name,
			p.Function+":"+p.Name,
			p.Module+":"+p.Function+":"+p.Name,
			p.Provider+":::",
			":"+p.Module+"::",
			strconv.Itoa(int(p.ID)),
			p.Provider[:1]+"*:"+p.Module+"::"+half+"*",
			"*"+p.Name[len(half):],
			p.Provider+":::"+"?"+p.Name[1:],
			p.Provider+"::"+glob1(p.Function)+":"+p.Name,
			"["+p.Provider[:1]+"x]"+p.Provider[1:]+"::*:"+p.Name,
			"[!x]*:"+p.Module+":*:[!x]"+p.Name[1:],
		)
	}
	// And some that match nothing.
	ds = append(ds, "nosuchprovider:::", ":::nosuchname", "syscall::nosuchcall:entry")
	// A description that starts with a digit is a probe id, to DTrace's
	// lexer as to ours: drop those that are not (a module named 9p).
	return slices.DeleteFunc(ds, func(d string) bool {
		_, err := strconv.Atoi(d)
		return d[0] >= '0' && d[0] <= '9' && err != nil
	})
}

// glob1 makes a pattern of a field: its first character as a bracket
// expression, the rest as it is; an empty field stays empty.
func glob1(s string) string {
	if s == "" {
		return ""
	}
	return "[" + s[:1] + "]" + s[1:]
}

// listIDs runs dtrace and returns the ids of the probes it lists.
func listIDs(t *testing.T, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	st := Run(append([]string{"dtrace"}, args...), &stdout, &stderr)
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if lines[0] != "   ID   PROVIDER            MODULE                          FUNCTION NAME" {
		t.Fatalf("%v: no header: %q", args, stdout.String())
	}
	var ids []string
	for _, l := range lines[1:] {
		ids = append(ids, strings.Fields(l)[0])
	}
	if (st == 0) != (len(ids) > 0) {
		t.Errorf("%v: exit %d with %d probes listed; stderr %q", args, st, len(ids), stderr.String())
	}
	return strings.Join(ids, " ")
}

// enabledIDs returns the ids of the probes tracing with -n d enables, as
// compiling matches them.
func enabledIDs(t *testing.T, sys dtrace.Config, d string) string {
	t.Helper()
	// Closed now rather than when the test ends: hundreds of handles over
	// the live system's 100,000 probes would stay in memory.
	h, err := dtrace.Open(sys)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	h.AllowZeroProbes()
	prog, err := h.Compile(dtrace.Source{Kind: dtrace.ProbeName, Name: d, Text: []byte(d)})
	if err != nil {
		t.Fatalf("compile %q: %v", d, err)
	}
	var ids []string
	for _, p := range prog.Probes() {
		ids = append(ids, strconv.Itoa(int(p.ID)))
	}
	return strings.Join(ids, " ")
}

// referenceIDs applies DTrace's matching rules to the whole listing with
// an implementation of its own: the description's fields from the right,
// each an fnmatch pattern, or an id.
func referenceIDs(all []dtrace.Probe, d string) string {
	var ids []string
	if id, err := strconv.Atoi(d); err == nil {
		for _, p := range all {
			if p.ID == uint32(id) {
				ids = append(ids, d)
			}
		}
		return strings.Join(ids, " ")
	}
	f := strings.Split(d, ":")
	for len(f) < 4 {
		f = append([]string{""}, f...)
	}
	var res [4]*regexp.Regexp
	for i, s := range f {
		res[i] = fnmatchRegexp(s)
	}
	for _, p := range all {
		if res[0].MatchString(p.Provider) && res[1].MatchString(p.Module) &&
			res[2].MatchString(p.Function) && res[3].MatchString(p.Name) {
			ids = append(ids, strconv.Itoa(int(p.ID)))
		}
	}
	return strings.Join(ids, " ")
}

// fnmatchRegexp translates the fnmatch patterns the descriptions above
// use (* ? [set] [!set] [^set]) into a regular expression; empty matches
// anything.
func fnmatchRegexp(pat string) *regexp.Regexp {
	if pat == "" {
		return regexp.MustCompile(`^`)
	}
	var b strings.Builder
	b.WriteString("^")
	for i := 0; i < len(pat); i++ {
		switch c := pat[i]; c {
		case '*':
			b.WriteString(".*")
		case '?':
			b.WriteString(".")
		case '[':
			j := strings.IndexByte(pat[i+1:], ']')
			set := pat[i+1 : i+1+j]
			if set[0] == '!' || set[0] == '^' {
				set = "^" + set[1:]
			}
			fmt.Fprintf(&b, "[%s]", set)
			i += j + 1
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	b.WriteString("$")
	return regexp.MustCompile(b.String())
}

// TestListLiveCounts compares what dtrace -l lists on this machine with
// what its tracefs has: an entry and a return probe for every system call
// with a syscalls:sys_enter_ event, a perf, an sdt and a rawtp probe
// for every other kernel tracepoint, a cpc probe for every event that
// opens, lockstat's twelve probes, and no rawfbt probe (made as
// descriptions name the provider).
func TestListLiveCounts(t *testing.T) {
	liveSystem(t)
	useSystem(t, dtrace.Config{})
	var stdout, stderr bytes.Buffer
	if st := Run([]string{"dtrace", "-l"}, &stdout, &stderr); st != 0 || stderr.Len() > 0 {
		t.Fatalf("dtrace -l: exit %d, stderr %q", st, stderr.String())
	}
	counts := map[string]int{}
	rows := map[string]bool{}
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")[1:]
	for i, l := range lines {
		f := strings.Fields(l)
		if f[0] != strconv.Itoa(i+1) {
			t.Fatalf("row %d has id %s: ids are not dense", i+1, f[0])
		}
		counts[f[1]]++
		rows[strings.Join(f[1:], " ")] = true
	}

	events, err := os.ReadFile("/sys/kernel/tracing/available_events")
	if err != nil {
		t.Fatal(err)
	}
	var calls, tracepoints int
	for _, l := range strings.Split(strings.TrimSpace(string(events)), "\n") {
		group, name, _ := strings.Cut(l, ":")
		switch {
		case group == "syscalls" && strings.HasPrefix(name, "sys_enter_"):
			call := strings.TrimPrefix(name, "sys_enter_")
			calls++
			for _, n := range []string{"entry", "return"} {
				if !rows["syscall vmlinux "+call+" "+n] {
					t.Errorf("no syscall::%s:%s", call, n)
				}
			}
		case group == "syscalls", group == "kprobes", group == "uprobes", strings.HasPrefix(group, "dt_"):
		default:
			tracepoints++
			for _, p := range []string{"perf", "sdt", "rawtp"} {
				if !rows[p+" "+group+" "+name] {
					t.Errorf("no %s:%s::%s", p, group, name)
				}
			}
		}
	}
	pmc, err := cpc.New(providers.System{}).Table()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"dtrace": 3, "profile": 13, "syscall": 2 * calls, "perf": tracepoints, "sdt": tracepoints, "rawtp": tracepoints,
		"cpc": len(pmc.Events), "fbt": 2 * btfFunctions(t), "lockstat": 12}
	for p, n := range want {
		if counts[p] != n {
			t.Errorf("%s: %d probes listed, tracefs says %d", p, counts[p], n)
		}
	}
	// DTrace's stable providers list the probes whose tracepoints the
	// kernel has (providers/stable's tests check which).
	stableNames := []string{"proc", "sched", "io", "ip", "tcp", "udp"}
	for _, p := range stableNames {
		if counts[p] == 0 {
			t.Errorf("%s: no probes listed", p)
		}
	}
	if len(counts) != len(want)+len(stableNames) {
		t.Errorf("providers listed: %v", counts)
	}
	t.Logf("%d system calls, %d tracepoints, %d probes", calls, tracepoints, len(lines))
}

// btfFunctions returns the number of functions fbt lists here: the names
// of vmlinux's BTF functions, each once, compiler-made copies aside (this
// machine's kernel has no modules, and refuses to show what tracefs's
// available_filter_functions lists).
func btfFunctions(t *testing.T) int {
	t.Helper()
	if _, err := os.ReadFile("/sys/kernel/tracing/available_filter_functions"); err == nil {
		t.Skip("available_filter_functions is readable: the count is the kernel's")
	}
	if ents, _ := os.ReadDir("/sys/kernel/btf"); len(ents) != 1 {
		t.Skip("kernel modules have BTF: the count is theirs too")
	}
	spec, err := kbtf.Open("/sys/kernel/btf/vmlinux")
	if err != nil {
		t.Fatal(err)
	}
	_, names := spec.Names(kbtf.KindFunc)
	seen := map[string]bool{}
	for _, n := range names {
		if !strings.Contains(n, ".") {
			seen[n] = true
		}
	}
	return len(seen)
}

// TestListIDsInTrace checks that a probe has in the trace output the id
// dtrace -l gives it: for a listed probe of a provider after others
// (syscall), and for one made on demand (tick-1ms).
func TestListIDsInTrace(t *testing.T) {
	liveSystem(t)
	useSystem(t, dtrace.Config{})
	for _, d := range []string{"syscall::getppid:entry", "profile:::tick-1ms"} {
		want := listIDs(t, "-l", "-n", d)
		done := make(chan struct{})
		go func() {
			for {
				select {
				case <-done:
					return
				default:
					syscall.Getppid()
					time.Sleep(time.Millisecond)
				}
			}
		}()
		var stdout, stderr bytes.Buffer
		st := Run([]string{"dtrace", "-n", d + " { exit(0); }"}, &stdout, &stderr)
		close(done)
		if st != 0 {
			t.Fatalf("%s: exit %d: %s", d, st, stderr.String())
		}
		// CPU, ID, FUNCTION:NAME
		lines := strings.Split(stdout.String(), "\n")
		if len(lines) < 2 || len(strings.Fields(lines[1])) < 2 {
			t.Fatalf("%s: trace output %q", d, stdout.String())
		}
		if got := strings.Fields(lines[1])[1]; got != want {
			t.Errorf("%s: id %s in the trace output, %s under -l", d, got, want)
		}
	}
}
