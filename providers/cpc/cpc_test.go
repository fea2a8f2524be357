package cpc

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/internal/ptest"
)

var (
	_ providers.Describer   = (*Provider)(nil)
	_ providers.NameChecker = (*Provider)(nil)
)

func TestParseName(t *testing.T) {
	for name, want := range map[string]*Name{
		"cpu_clock-all-1000000":    {"cpu_clock", All, 1000000},
		"page_faults-user-100":     {"page_faults", User, 100},
		"instructions-kernel-5000": {"instructions", Kernel, 5000},
		"cycles-all-0":             {"cycles", All, 0},
		"cycles-all-007":           {"cycles", All, 7},
		"-all-1":                   {"", All, 1}, // no event: Lookup finds none
		// scanf's %llu saturates.
		"cycles-all-18446744073709551615":    {"cycles", All, math.MaxUint64},
		"cycles-all-18446744073709551616":    {"cycles", All, math.MaxUint64},
		"cycles-all-99999999999999999999999": {"cycles", All, math.MaxUint64},
		"cycles-all-":                        nil,
		"cycles-all":                         nil,
		"cycles":                             nil,
		"cycles-ALL-100":                     nil,
		"cycles-usr-100":                     nil,
		"cycles-user-1e6":                    nil,
		"cycles-user-+100":                   nil,
		"cycles-user- 100":                   nil,
		"cycles-user-0x10":                   nil,
		"cycles-user-umask_1-100":            nil, // attributes: not implemented, as in DTrace
		"cycles-user-100-":                   nil,
		"profile-997":                        nil,
		"tick-1s":                            nil,
		"BEGIN":                              nil,
	} {
		got, ok := ParseName(name)
		if want == nil {
			if ok {
				t.Errorf("ParseName(%q) = %+v, want invalid", name, got)
			}
			continue
		}
		if !ok || got != *want {
			t.Errorf("ParseName(%q) = %+v, %v; want %+v", name, got, ok, *want)
		}
	}
	if s := (Name{"page_faults", Kernel, 42}).String(); s != "page_faults-kernel-42" {
		t.Errorf("String: %s", s)
	}
}

func TestGeneric(t *testing.T) {
	evs := Generic()
	seen := map[string]Event{}
	for _, e := range evs {
		if _, dup := seen[e.Name]; dup {
			t.Errorf("%s twice", e.Name)
		}
		if e.Name != EventName(e.Name) || strings.Contains(e.Name, "-") {
			t.Errorf("%s is not written as DTrace writes names", e.Name)
		}
		seen[e.Name] = e
	}
	const (
		read, write, prefetch = 0, 1, 2
		access, miss          = 0, 1
	)
	for name, want := range map[string]Event{
		"perf_count_hw_cpu_cycles":      {Type: unix.PERF_TYPE_HARDWARE, Config: 0},
		"cycles":                        {Type: unix.PERF_TYPE_HARDWARE, Config: 0},
		"cpu_cycles":                    {Type: unix.PERF_TYPE_HARDWARE, Config: 0},
		"instructions":                  {Type: unix.PERF_TYPE_HARDWARE, Config: 1},
		"branches":                      {Type: unix.PERF_TYPE_HARDWARE, Config: 4},
		"ref_cycles":                    {Type: unix.PERF_TYPE_HARDWARE, Config: 9},
		"perf_count_sw_cpu_clock":       {Type: unix.PERF_TYPE_SOFTWARE, Config: 0},
		"cpu_clock":                     {Type: unix.PERF_TYPE_SOFTWARE, Config: 0},
		"task_clock":                    {Type: unix.PERF_TYPE_SOFTWARE, Config: 1},
		"page_faults":                   {Type: unix.PERF_TYPE_SOFTWARE, Config: 2},
		"faults":                        {Type: unix.PERF_TYPE_SOFTWARE, Config: 2},
		"cs":                            {Type: unix.PERF_TYPE_SOFTWARE, Config: 3},
		"migrations":                    {Type: unix.PERF_TYPE_SOFTWARE, Config: 4},
		"minor_faults":                  {Type: unix.PERF_TYPE_SOFTWARE, Config: 5},
		"major_faults":                  {Type: unix.PERF_TYPE_SOFTWARE, Config: 6},
		"cgroup_switches":               {Type: unix.PERF_TYPE_SOFTWARE, Config: 11},
		"perf_count_hw_cache_l1d":       {Type: unix.PERF_TYPE_HW_CACHE, Config: 0 | read<<8 | miss<<16},
		"l1_dcache_loads":               {Type: unix.PERF_TYPE_HW_CACHE, Config: 0 | read<<8 | access<<16},
		"l1_dcache_store_misses":        {Type: unix.PERF_TYPE_HW_CACHE, Config: 0 | write<<8 | miss<<16},
		"l1_icache_prefetches":          {Type: unix.PERF_TYPE_HW_CACHE, Config: 1 | prefetch<<8 | access<<16},
		"llc_load_misses":               {Type: unix.PERF_TYPE_HW_CACHE, Config: 2 | read<<8 | miss<<16},
		"dtlb_stores":                   {Type: unix.PERF_TYPE_HW_CACHE, Config: 3 | write<<8 | access<<16},
		"itlb_load_misses":              {Type: unix.PERF_TYPE_HW_CACHE, Config: 4 | read<<8 | miss<<16},
		"branch_loads":                  {Type: unix.PERF_TYPE_HW_CACHE, Config: 5 | read<<8 | access<<16},
		"node_prefetch_misses":          {Type: unix.PERF_TYPE_HW_CACHE, Config: 6 | prefetch<<8 | miss<<16},
		"perf_count_hw_cache_node":      {Type: unix.PERF_TYPE_HW_CACHE, Config: 6 | read<<8 | miss<<16},
		"perf_count_sw_cgroup_switches": {Type: unix.PERF_TYPE_SOFTWARE, Config: 11},
	} {
		want.Name = name
		if got, ok := seen[name]; !ok || got != want {
			t.Errorf("%s = %+v, %v; want %+v", name, got, ok, want)
		}
	}
	// Caches without stores or prefetches have no names for them, and
	// the kernel's other software events (dummy, bpf-output...) none.
	for _, name := range []string{"l1_icache_stores", "itlb_stores", "branch_prefetches", "dummy", "bpf_output", "alignment_faults"} {
		if _, ok := seen[name]; ok {
			t.Errorf("%s is a generic event", name)
		}
	}
	if len(evs) != 82 {
		t.Errorf("%d generic events, want 82", len(evs))
	}
}

// writeFiles writes files (path: content) under dir.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for p, s := range files {
		p = filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// pmuFixture is a sysfs event_source directory with a core PMU (cpu), an
// uncore one and PMUs that name no events.
func pmuFixture(t *testing.T) string {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"cpu/type":                             "4",
		"cpu/format/event":                     "config:0-7",
		"cpu/format/umask":                     "config:8-15",
		"cpu/format/edge":                      "config:18",
		"cpu/format/ldlat":                     "config1:0-15",
		"cpu/format/split":                     "config:0-3,32-35",
		"cpu/events/cpu-cycles":                "event=0x3c",
		"cpu/events/instructions":              "event=0xc0",
		"cpu/events/mem-loads":                 "event=0xcd,umask=0x1,ldlat=3",
		"cpu/events/mem-loads.scale":           "1",
		"cpu/events/topdown-retiring":          "event=0x00,umask=0x80",
		"cpu/events/Edge-Thing":                "event=0x2,edge",
		"cpu/events/split":                     "split=0xa5",
		"cpu/events/asks":                      "event=0x1,umask=?",
		"cpu/events/nofmt":                     "event=0x1,bogus=2",
		"cpu/events/toobig":                    "umask=0x100",
		"cpu/events/raw":                       "config=0x1234",
		"uncore_imc/type":                      "12",
		"uncore_imc/format/event":              "config:0-7",
		"uncore_imc/events/cas_count":          "event=0x04",
		"uncore_imc/events/cas_count.unit":     "MiB",
		"uncore_imc/events/cas_count.per-pkg":  "1",
		"uncore_imc/events/cas_count.snapshot": "1",
		"software/type":                        "1",
		"tracepoint/type":                      "2",
		"notype/events/x":                      "event=1",
	})
	return dir
}

func TestPMUEvents(t *testing.T) {
	evs, err := PMUEvents(pmuFixture(t))
	if err != nil {
		t.Fatal(err)
	}
	want := []Event{
		{Name: "edge_thing", PMU: "cpu", Type: 4, Config: 0x2 | 1<<18},
		{Name: "cpu_cycles", PMU: "cpu", Type: 4, Config: 0x3c},
		{Name: "instructions", PMU: "cpu", Type: 4, Config: 0xc0},
		{Name: "mem_loads", PMU: "cpu", Type: 4, Config: 0x1cd, Config1: 3},
		{Name: "raw", PMU: "cpu", Type: 4, Config: 0x1234},
		{Name: "split", PMU: "cpu", Type: 4, Config: 0x5 | 0xa<<32},
		{Name: "topdown_retiring", PMU: "cpu", Type: 4, Config: 0x8000},
		{Name: "cas_count", PMU: "uncore_imc", Type: 12, Config: 0x4},
	}
	if !slices.Equal(evs, want) {
		t.Errorf("PMUEvents:\n%+v\nwant\n%+v", evs, want)
	}
	if evs, err := PMUEvents(filepath.Join(t.TempDir(), "none")); evs != nil || err != nil {
		t.Errorf("no sysfs: %v, %v", evs, err)
	}
}

// openOnly returns an opener that accepts the software events and the
// events of the PMUs of the types given, and checks that every attr
// samples in every mode.
func openOnly(t *testing.T, types ...uint32) func(unix.PerfEventAttr) error {
	return func(a unix.PerfEventAttr) error {
		if a.Sample == 0 || a.Bits&(unix.PerfBitExcludeUser|unix.PerfBitExcludeKernel) != 0 {
			t.Errorf("opened %+v", a)
		}
		if a.Type == unix.PERF_TYPE_SOFTWARE || slices.Contains(types, a.Type) {
			return nil
		}
		return unix.ENOENT
	}
}

func TestTable(t *testing.T) {
	dir := pmuFixture(t)
	// A virtual machine: software events only.
	vm, err := NewTable(dir, openOnly(t))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range vm.Events {
		if !e.Software() {
			t.Errorf("hardware event %+v", e)
		}
		names = append(names, e.Name)
	}
	if names[0] != "perf_count_sw_cpu_clock" || names[1] != "cpu_clock" || len(names) != 19 {
		t.Errorf("events %v", names)
	}
	if !errors.Is(vm.NoHardware, unix.ENOENT) || !strings.HasPrefix(vm.NoHardware.Error(), "perf_count_hw_cpu_cycles: ") {
		t.Errorf("NoHardware = %v", vm.NoHardware)
	}
	if _, ok := vm.Lookup("instructions"); ok {
		t.Error("instructions found")
	}

	// The PMU's events where the generic ones fail: its cpu_cycles
	// stands for the generic one, the uncore PMU's are left out.
	pmu, err := NewTable(dir, openOnly(t, 4))
	if err != nil {
		t.Fatal(err)
	}
	if pmu.NoHardware != nil {
		t.Errorf("NoHardware = %v", pmu.NoHardware)
	}
	if e, ok := pmu.Lookup("cpu_cycles"); !ok || e.PMU != "cpu" || e.Config != 0x3c {
		t.Errorf("cpu_cycles = %+v, %v", e, ok)
	}
	if _, ok := pmu.Lookup("cas_count"); ok {
		t.Error("cas_count found")
	}

	// A generic event wins over a PMU's of the same name.
	all, err := NewTable(dir, openOnly(t, unix.PERF_TYPE_HARDWARE, unix.PERF_TYPE_HW_CACHE, 4, 12))
	if err != nil {
		t.Fatal(err)
	}
	if e, _ := all.Lookup("cpu_cycles"); e.PMU != "" {
		t.Errorf("cpu_cycles = %+v, want the generic event", e)
	}
	if e, _ := all.Lookup("cas_count"); e.PMU != "uncore_imc" {
		t.Errorf("cas_count = %+v", e)
	}
	if n := len(all.Events); n != 82+6 {
		t.Errorf("%d events, want the 82 generic ones and 6 of the PMUs'", n)
	}

	// Nothing opens (not allowed to): no events, as in DTrace, and no
	// word of hardware counters.
	none, err := NewTable(dir, func(unix.PerfEventAttr) error { return unix.EACCES })
	if err != nil || len(none.Events) != 0 || none.NoHardware != nil {
		t.Errorf("nothing opens: %+v, %v", none, err)
	}
}

// fakeVM is the provider of a system without a PMU.
func fakeVM(t *testing.T) *Provider { return NewAt(pmuFixture(t), openOnly(t)) }

func TestProbes(t *testing.T) {
	p := fakeVM(t)
	r, err := providers.NewRegistry(p)
	if err != nil {
		t.Fatal(err)
	}
	all, err := r.List()
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 19 {
		t.Errorf("%d probes listed, want the 19 software events'", len(all))
	}
	for _, pr := range all {
		if pr.Provider != "cpc" || pr.Module != "" || pr.Function != "" || !strings.HasSuffix(pr.Name, "-all-1000000000") ||
			pr.Data.(Probe).Mode != All || pr.Data.(Probe).Count != 1000000000 || pr.NArgs != 2 {
			t.Errorf("listed %+v", pr)
		}
	}
	if all[1].Name != "cpu_clock-all-1000000000" {
		t.Errorf("second probe %s", all[1].Name)
	}

	for _, c := range []struct {
		mod, name string
		want      *Probe
	}{
		{"", "cpu_clock-all-1000000", &Probe{Mode: All, Count: 1000000}},
		{"", "page_faults-user-100", &Probe{Mode: User, Count: 100}},
		{"", "page_faults-kernel-1", &Probe{Mode: Kernel, Count: 1}},
		{"", "page_faults-kernel-01", &Probe{Mode: Kernel, Count: 1}},
		{"", "faults-all-0", &Probe{Mode: All, Count: 0}},
		{"", "instructions-all-10000000", nil}, // no PMU
		{"", "cycles-all-10000000", nil},
		{"", "cpu_clock-all-foo-1000000", nil},
		{"", "cpu_clock-both-1000000", nil},
		{"", "CPU_CLOCK-all-1000000", nil},
		{"", "cpu-clock-all-1000000", nil},
		{"", "nosuch-all-1000000", nil},
		{"vmlinux", "cpu_clock-all-1000000", nil},
	} {
		ps, err := r.Match("cpc", c.mod, "", c.name)
		if err != nil {
			t.Fatal(err)
		}
		if c.want == nil {
			if len(ps) != 0 {
				t.Errorf("cpc:%s::%s matches %v", c.mod, c.name, ps)
			}
			continue
		}
		if len(ps) != 1 || ps[0].Name != c.name || ps[0].ID <= uint32(len(all)) {
			t.Errorf("cpc:%s::%s matches %v", c.mod, c.name, ps)
			continue
		}
		d := ps[0].Data.(Probe)
		ev := c.name[:strings.IndexByte(c.name, '-')]
		if d.Event.Name != ev || d.Mode != c.want.Mode || d.Count != c.want.Count {
			t.Errorf("cpc:::%s is %+v", c.name, d)
		}
		if again, _ := r.Match("cpc", "", "", c.name); len(again) != 1 || again[0] != ps[0] {
			t.Errorf("second match of %s made another probe", c.name)
		}
	}
	// Patterns make nothing; a listed probe is not made again.
	if ps, _ := r.Match("cpc", "", "", "cpu_clock-all-*"); len(ps) != 2 {
		t.Errorf("cpc:::cpu_clock-all-* = %v, want the listed probe and the one made", ps)
	}
	if ps, _ := r.Match("cpc", "", "", "cpu_clock-all-1000000000"); len(ps) != 1 || ps[0] != all[1] {
		t.Errorf("cpu_clock-all-1000000000 = %v", ps)
	}
	// Only the names of cpc probes make the provider look.
	for name, want := range map[string]bool{"cpu_clock-user-1": true, "anything-kernel-12": true, "BEGIN": false, "tick-1s": false, "sys_enter_read": false} {
		if got := p.HasName(name); got != want {
			t.Errorf("HasName(%q) = %v", name, got)
		}
	}
}

func TestMissing(t *testing.T) {
	m := fakeVM(t).Missing()
	if len(m) != 1 || !strings.HasPrefix(m[0], "<hardware event>-<mode>-<count>: this system has no hardware performance counters") ||
		!strings.Contains(m[0], "perf_count_hw_cpu_cycles: no such file or directory") {
		t.Errorf("Missing = %q", m)
	}
	if m := NewAt(pmuFixture(t), openOnly(t, unix.PERF_TYPE_HARDWARE)).Missing(); m != nil {
		t.Errorf("Missing with hardware counters = %q", m)
	}
}

func TestAttr(t *testing.T) {
	e := Event{Name: "x", Type: 4, Config: 0x1cd, Config1: 3, Config2: 9}
	for mode, bits := range map[Mode]uint64{All: 0, User: unix.PerfBitExcludeKernel, Kernel: unix.PerfBitExcludeUser} {
		a := Probe{Event: e, Mode: mode, Count: 5000}.Attr()
		if a.Type != 4 || a.Config != 0x1cd || a.Ext1 != 3 || a.Ext2 != 9 || a.Sample != 5000 || a.Wakeup != 1 || a.Bits != bits {
			t.Errorf("%v: %+v", mode, a)
		}
	}
}

// TestDescribe: DTrace's cpc attributes, and no argument types.
func TestDescribe(t *testing.T) {
	attrs := providers.Attributes{
		Provider: providers.Attr{Name: providers.Evolving, Data: providers.Evolving, Class: providers.ClassCommon},
		Module:   providers.Attr{Name: providers.Unstable, Data: providers.Unstable, Class: providers.ClassUnknown},
		Function: providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassUnknown},
		Name:     providers.Attr{Name: providers.Evolving, Data: providers.Evolving, Class: providers.ClassCommon},
		Args:     providers.Attr{Name: providers.Evolving, Data: providers.Evolving, Class: providers.ClassCommon},
	}
	ptest.CheckDescriber(t, fakeVM(t), attrs, providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassUnknown},
		func(pr *providers.Probe) string { return pr.Name }, nil)
}

// TestNewDescribed: a System's PMUs other than the running system's are
// taken as they are described: software events, the generic hardware
// events only with a core PMU, every event the PMUs name.
func TestNewDescribed(t *testing.T) {
	vm, err := New(providers.System{PMUs: "../testdata/system/event_source"}).Table()
	if err != nil {
		t.Fatal(err)
	}
	if len(vm.Events) != 19 || vm.hasHardware() || vm.NoHardware == nil ||
		vm.NoHardware.Error() != "perf_count_hw_cpu_cycles: no core PMU in ../testdata/system/event_source" {
		t.Errorf("fixture VM: %d events, no hardware: %v", len(vm.Events), vm.NoHardware)
	}
	host, err := New(providers.System{PMUs: pmuFixture(t)}).Table()
	if err != nil {
		t.Fatal(err)
	}
	if len(host.Events) != 82+8-2 || host.NoHardware != nil {
		t.Errorf("fixture host: %d events, no hardware: %v", len(host.Events), host.NoHardware)
	}
	if e, ok := host.Lookup("cas_count"); !ok || e.PMU != "uncore_imc" {
		t.Errorf("cas_count: %+v, %v", e, ok)
	}
}
