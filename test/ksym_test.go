package test

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/dtrace-go/dtrace/internal/vm/vmtest"
)

// Kernel variables read by D programs, checked against what the guest
// kernel says of them elsewhere: this machine's kallsyms lists no data
// symbols (no CONFIG_KALLSYMS_ALL), the guests' kernels do.

// ksymProgram prints the variables the test checks: jiffies twice, the
// second time a few ticks later.
const ksymProgram = `#pragma D option quiet
BEGIN
{
	printf("max_pfn %u\n", ` + "`max_pfn" + `);
	printf("init_task %u\n", (uint64_t)&` + "`init_task" + `);
	printf("nr_cpu_ids %u\n", ` + "`nr_cpu_ids" + `);
	printf("avenrun %u %u %u\n", ` + "`avenrun[0], `avenrun[1], `avenrun[2]" + `);
	printf("avenrun_size %u\n", sizeof (` + "`avenrun" + `));
	printf("jiffies %u\n", ` + "`jiffies" + `);
	n = 0;
}
tick-50ms
{
	n++;
}
tick-50ms
/n == 4/
{
	printf("jiffies %u\n", ` + "`jiffies" + `);
	printf("banner %s", ` + "`linux_banner" + `);
	exit(0);
}
`

// TestGuestKernelSymbols runs ksymProgram in a guest and compares: max_pfn
// with the end of the highest System RAM range of /proc/iomem (the kernel
// computes it from the same e820 map), &init_task with kallsyms'
// address, nr_cpu_ids with the possible CPUs, avenrun with /proc/loadavg
// (when that did not change meanwhile), linux_banner with /proc/version,
// and jiffies increasing between two probes.
func TestGuestKernelSymbols(t *testing.T) {
	vmtest.Guest(t)
	loadBefore := readString(t, "/proc/loadavg")
	// No bound of its own: a dtrace that hangs prints nothing, and the
	// host stops the guest with its goroutines printed (vmtest).
	cmd := exec.Command(dtraceBin, "-n", ksymProgram)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v\nstdout:\n%s\nstderr:\n%s", err, &stdout, &stderr)
	}
	loadAfter := readString(t, "/proc/loadavg")
	t.Logf("output:\n%s", &stdout)
	got := map[string][]string{}
	for line := range strings.Lines(stdout.String()) {
		k, v, _ := strings.Cut(strings.TrimSuffix(line, "\n"), " ")
		got[k] = append(got[k], v)
	}
	num := func(key string, i int) uint64 {
		t.Helper()
		if len(got[key]) <= i {
			t.Fatalf("no %s in the output", key)
		}
		n, err := strconv.ParseUint(got[key][i], 10, 64)
		if err != nil {
			t.Fatalf("%s: %v", key, err)
		}
		return n
	}

	if want := maxPFN(t); num("max_pfn", 0) != want {
		t.Errorf("max_pfn = %d, /proc/iomem says %d", num("max_pfn", 0), want)
	}
	if want := kallsymsAddress(t, "init_task"); num("init_task", 0) != want {
		t.Errorf("&init_task = %#x, kallsyms says %#x", num("init_task", 0), want)
	}
	if want := possibleCPUs(t); num("nr_cpu_ids", 0) != want {
		t.Errorf("nr_cpu_ids = %d, /sys/devices/system/cpu/possible says %d", num("nr_cpu_ids", 0), want)
	}
	if num("avenrun_size", 0) != 3*8 {
		t.Errorf("sizeof (`avenrun) = %d, want 24", num("avenrun_size", 0))
	}
	if loadBefore[:14] == loadAfter[:14] {
		var avg []string
		for _, v := range strings.Fields(got["avenrun"][0]) {
			n, _ := strconv.ParseUint(v, 10, 64)
			avg = append(avg, loadavg(n))
		}
		if want := strings.Fields(loadBefore)[:3]; strings.Join(avg, " ") != strings.Join(want, " ") {
			t.Errorf("avenrun = %v (%s), /proc/loadavg says %v", avg, got["avenrun"][0], want)
		}
	}
	if j0, j1 := num("jiffies", 0), num("jiffies", 1); j1 <= j0 {
		t.Errorf("jiffies did not increase over 200 ms of ticks: %d, then %d", j0, j1)
	}
	if want := readString(t, "/proc/version"); len(got["banner"]) == 0 || got["banner"][0] != strings.TrimSuffix(want, "\n") {
		t.Errorf("linux_banner = %q, /proc/version says %q", got["banner"], want)
	}
}

func readString(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// maxPFN returns the page frame number after the highest System RAM of
// /proc/iomem: what the kernel sets max_pfn to from its e820 map.
func maxPFN(t *testing.T) uint64 {
	var end uint64
	for line := range strings.Lines(readString(t, "/proc/iomem")) {
		if strings.HasPrefix(line, " ") || !strings.HasSuffix(strings.TrimSpace(line), ": System RAM") {
			continue
		}
		r, _, _ := strings.Cut(strings.TrimSpace(line), " ")
		_, hi, _ := strings.Cut(r, "-")
		n, err := strconv.ParseUint(hi, 16, 64)
		if err != nil {
			t.Fatalf("/proc/iomem: %q: %v", line, err)
		}
		end = max(end, n+1)
	}
	if end == 0 {
		t.Fatal("/proc/iomem lists no System RAM")
	}
	return end >> 12
}

// kallsymsAddress returns the address kallsyms lists for the core
// kernel's symbol name.
func kallsymsAddress(t *testing.T, name string) uint64 {
	f, err := os.Open("/proc/kallsyms")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) == 3 && fs[2] == name {
			n, err := strconv.ParseUint(fs[0], 16, 64)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
	}
	t.Fatalf("kallsyms does not list %s", name)
	return 0
}

// possibleCPUs counts the CPUs of /sys/devices/system/cpu/possible
// ("0-1", "0,2-3").
func possibleCPUs(t *testing.T) uint64 {
	var n uint64
	for _, r := range strings.Split(strings.TrimSpace(readString(t, "/sys/devices/system/cpu/possible")), ",") {
		lo, hi, ok := strings.Cut(r, "-")
		if !ok {
			hi = lo
		}
		a, err1 := strconv.ParseUint(lo, 10, 64)
		b, err2 := strconv.ParseUint(hi, 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("possible CPUs %q", r)
		}
		n += b - a + 1
	}
	return n
}

// loadavg formats a load average as /proc/loadavg does (fixed point with
// 11 bits of fraction, rounded to hundredths).
func loadavg(v uint64) string {
	v += 2048 / 200
	return fmt.Sprintf("%d.%02d", v>>11, ((v&2047)*100)>>11)
}
