package cpc

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// Event is a perf event a cpc probe can count: the event part of the
// probe's name and the perf_event_attr fields that select it.
type Event struct {
	// Name is the event as probe names spell it: lower case, '_' where
	// the perf name has '-' ("cpu_clock", "l1_dcache_load_misses").
	Name string
	// PMU is the sysfs PMU that exports the event ("cpu"), "" for the
	// kernel's generic events.
	PMU string
	// Type and Config select the event; Config1 and Config2 are
	// perf_event_attr's config1 and config2, for the PMUs whose formats
	// use them.
	Type                     uint32
	Config, Config1, Config2 uint64
}

// Software reports whether the kernel counts the event itself
// (PERF_TYPE_SOFTWARE) rather than a PMU.
func (e Event) Software() bool { return e.Type == unix.PERF_TYPE_SOFTWARE }

// attr returns the perf_event_attr of the event, without the sampling
// period and the mode.
func (e Event) attr() unix.PerfEventAttr {
	return unix.PerfEventAttr{Type: e.Type, Config: e.Config, Ext1: e.Config1, Ext2: e.Config2}
}

// cgroupSwitches is PERF_COUNT_SW_CGROUP_SWITCHES (Linux 5.13), which
// golang.org/x/sys does not name.
const cgroupSwitches = 11

// genericEvents are the kernel's generic hardware and software events
// under the names DTrace gives them: DTrace takes the events libpfm4's
// perf_event PMU knows, each under its PERF_COUNT_ name and its perf
// aliases, in that library's order, and writes the names in lower case
// with '_' for '-'. The hardware cache events follow (hwCaches).
var genericEvents = []struct {
	typ    uint32
	config uint64
	names  []string
}{
	{unix.PERF_TYPE_HARDWARE, unix.PERF_COUNT_HW_CPU_CYCLES, []string{"perf_count_hw_cpu_cycles", "cycles", "cpu_cycles"}},
	{unix.PERF_TYPE_HARDWARE, unix.PERF_COUNT_HW_INSTRUCTIONS, []string{"perf_count_hw_instructions", "instructions"}},
	{unix.PERF_TYPE_HARDWARE, unix.PERF_COUNT_HW_CACHE_REFERENCES, []string{"perf_count_hw_cache_references", "cache_references"}},
	{unix.PERF_TYPE_HARDWARE, unix.PERF_COUNT_HW_CACHE_MISSES, []string{"perf_count_hw_cache_misses", "cache_misses"}},
	{unix.PERF_TYPE_HARDWARE, unix.PERF_COUNT_HW_BRANCH_INSTRUCTIONS, []string{"perf_count_hw_branch_instructions", "branch_instructions", "branches"}},
	{unix.PERF_TYPE_HARDWARE, unix.PERF_COUNT_HW_BRANCH_MISSES, []string{"perf_count_hw_branch_misses", "branch_misses"}},
	{unix.PERF_TYPE_HARDWARE, unix.PERF_COUNT_HW_BUS_CYCLES, []string{"perf_count_hw_bus_cycles", "bus_cycles"}},
	{unix.PERF_TYPE_HARDWARE, unix.PERF_COUNT_HW_STALLED_CYCLES_FRONTEND, []string{"perf_count_hw_stalled_cycles_frontend", "stalled_cycles_frontend", "idle_cycles_frontend"}},
	{unix.PERF_TYPE_HARDWARE, unix.PERF_COUNT_HW_STALLED_CYCLES_BACKEND, []string{"perf_count_hw_stalled_cycles_backend", "stalled_cycles_backend", "idle_cycles_backend"}},
	{unix.PERF_TYPE_HARDWARE, unix.PERF_COUNT_HW_REF_CPU_CYCLES, []string{"perf_count_hw_ref_cpu_cycles", "ref_cycles"}},

	{unix.PERF_TYPE_SOFTWARE, unix.PERF_COUNT_SW_CPU_CLOCK, []string{"perf_count_sw_cpu_clock", "cpu_clock"}},
	{unix.PERF_TYPE_SOFTWARE, unix.PERF_COUNT_SW_TASK_CLOCK, []string{"perf_count_sw_task_clock", "task_clock"}},
	{unix.PERF_TYPE_SOFTWARE, unix.PERF_COUNT_SW_PAGE_FAULTS, []string{"perf_count_sw_page_faults", "page_faults", "faults"}},
	{unix.PERF_TYPE_SOFTWARE, unix.PERF_COUNT_SW_CONTEXT_SWITCHES, []string{"perf_count_sw_context_switches", "context_switches", "cs"}},
	{unix.PERF_TYPE_SOFTWARE, unix.PERF_COUNT_SW_CPU_MIGRATIONS, []string{"perf_count_sw_cpu_migrations", "cpu_migrations", "migrations"}},
	{unix.PERF_TYPE_SOFTWARE, unix.PERF_COUNT_SW_PAGE_FAULTS_MIN, []string{"perf_count_sw_page_faults_min", "minor_faults"}},
	{unix.PERF_TYPE_SOFTWARE, unix.PERF_COUNT_SW_PAGE_FAULTS_MAJ, []string{"perf_count_sw_page_faults_maj", "major_faults"}},
	{unix.PERF_TYPE_SOFTWARE, cgroupSwitches, []string{"perf_count_sw_cgroup_switches", "cgroup_switches"}},
}

// hwCaches are the hardware cache events (PERF_TYPE_HW_CACHE): for each
// cache, its PERF_COUNT_HW_CACHE_ event, which counts read misses as
// libpfm4's default unit masks have it, then perf's names of the
// accesses and misses of each operation the cache has (l1_dcache_loads,
// l1_dcache_load_misses, l1_dcache_stores...).
var hwCaches = []struct {
	id      uint64
	generic string
	prefix  string
	ops     []uint64
}{
	{unix.PERF_COUNT_HW_CACHE_L1D, "perf_count_hw_cache_l1d", "l1_dcache", allOps},
	{unix.PERF_COUNT_HW_CACHE_L1I, "perf_count_hw_cache_l1i", "l1_icache", []uint64{unix.PERF_COUNT_HW_CACHE_OP_READ, unix.PERF_COUNT_HW_CACHE_OP_PREFETCH}},
	{unix.PERF_COUNT_HW_CACHE_LL, "perf_count_hw_cache_ll", "llc", allOps},
	{unix.PERF_COUNT_HW_CACHE_DTLB, "perf_count_hw_cache_dtlb", "dtlb", allOps},
	{unix.PERF_COUNT_HW_CACHE_ITLB, "perf_count_hw_cache_itlb", "itlb", []uint64{unix.PERF_COUNT_HW_CACHE_OP_READ}},
	{unix.PERF_COUNT_HW_CACHE_BPU, "perf_count_hw_cache_bpu", "branch", []uint64{unix.PERF_COUNT_HW_CACHE_OP_READ}},
	{unix.PERF_COUNT_HW_CACHE_NODE, "perf_count_hw_cache_node", "node", allOps},
}

var allOps = []uint64{unix.PERF_COUNT_HW_CACHE_OP_READ, unix.PERF_COUNT_HW_CACHE_OP_WRITE, unix.PERF_COUNT_HW_CACHE_OP_PREFETCH}

// opNames are the access and miss names of each cache operation.
var opNames = map[uint64][2]string{
	unix.PERF_COUNT_HW_CACHE_OP_READ:     {"loads", "load_misses"},
	unix.PERF_COUNT_HW_CACHE_OP_WRITE:    {"stores", "store_misses"},
	unix.PERF_COUNT_HW_CACHE_OP_PREFETCH: {"prefetches", "prefetch_misses"},
}

// cacheConfig is the config of a PERF_TYPE_HW_CACHE event.
func cacheConfig(id, op, result uint64) uint64 { return id | op<<8 | result<<16 }

// Generic returns the kernel's generic events, hardware, software and
// hardware cache, as DTrace names them, whether or not this system has
// them.
func Generic() []Event {
	var out []Event
	for _, g := range genericEvents {
		for _, n := range g.names {
			out = append(out, Event{Name: n, Type: g.typ, Config: g.config})
		}
	}
	for _, c := range hwCaches {
		out = append(out, Event{Name: c.generic, Type: unix.PERF_TYPE_HW_CACHE,
			Config: cacheConfig(c.id, unix.PERF_COUNT_HW_CACHE_OP_READ, unix.PERF_COUNT_HW_CACHE_RESULT_MISS)})
		for _, op := range c.ops {
			for result, suffix := range opNames[op] {
				out = append(out, Event{Name: c.prefix + "_" + suffix, Type: unix.PERF_TYPE_HW_CACHE,
					Config: cacheConfig(c.id, op, uint64(result))})
			}
		}
	}
	return out
}

// DevicesDir is where the kernel lists its PMUs, each with its type, the
// format of its configs and the events it names.
const DevicesDir = "/sys/bus/event_source/devices"

// EventName is the name of a perf event as probe names spell it: lower
// case, '_' for '-', as DTrace spells libpfm4's names ("L1-DCACHE-LOADS"
// is l1_dcache_loads), a cpc probe's name using '-' between its parts.
func EventName(perfName string) string {
	return strings.ReplaceAll(strings.ToLower(perfName), "-", "_")
}

// PMUEvents returns the events the PMUs under dir (DevicesDir) name in
// their events directories, PMU after PMU in name order, each PMU's in
// name order: what perf lists as cpu/instructions/, power/energy-pkg/.
// An event whose config needs a value from the user (a term "=?") is
// left out, and so is one that does not parse. Which of them can sample
// is not checked here.
func PMUEvents(dir string) ([]Event, error) {
	pmus, err := os.ReadDir(dir)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, nil
		}
		return nil, fmt.Errorf("read PMUs: %w", err)
	}
	var out []Event
	for _, pmu := range pmus {
		pdir := filepath.Join(dir, pmu.Name())
		files, err := os.ReadDir(filepath.Join(pdir, "events"))
		if err != nil || len(files) == 0 {
			continue
		}
		b, err := os.ReadFile(filepath.Join(pdir, "type"))
		if err != nil {
			continue
		}
		typ, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 32)
		if err != nil {
			continue
		}
		formats := readFormats(filepath.Join(pdir, "format"))
		for _, f := range files {
			name := f.Name()
			if isEventNote(name) {
				continue
			}
			b, err := os.ReadFile(filepath.Join(pdir, "events", name))
			if err != nil {
				continue
			}
			e := Event{Name: EventName(name), PMU: pmu.Name(), Type: uint32(typ)}
			if parseTerms(strings.TrimSpace(string(b)), formats, &e) != nil {
				continue
			}
			out = append(out, e)
		}
	}
	return out, nil
}

// isEventNote reports whether name is a file that says something of an
// event rather than naming one: NAME.scale, NAME.unit, NAME.per-pkg,
// NAME.snapshot.
func isEventNote(name string) bool {
	for _, s := range []string{".scale", ".unit", ".per-pkg", ".snapshot"} {
		if strings.HasSuffix(name, s) {
			return true
		}
	}
	return false
}

// readFormats reads a PMU's format directory: each term's field (config,
// config1, config2) and bits, as "config:0-7,21".
func readFormats(dir string) map[string]string {
	files, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	out := map[string]string{}
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(dir, f.Name()))
		if err == nil {
			out[f.Name()] = strings.TrimSpace(string(b))
		}
	}
	return out
}

// parseTerms sets e's configs from an event's terms, "event=0x3c,
// umask=0x01,edge" (a term without a value is 1), placing each value in
// the bits its format names, as perf does.
func parseTerms(terms string, formats map[string]string, e *Event) error {
	if terms == "" {
		return errors.New("no terms")
	}
	for _, t := range strings.Split(terms, ",") {
		name, val, hasVal := strings.Cut(strings.TrimSpace(t), "=")
		v := uint64(1)
		if hasVal {
			if strings.Contains(val, "?") {
				return fmt.Errorf("term %s needs a value", name)
			}
			var err error
			if v, err = strconv.ParseUint(val, 0, 64); err != nil {
				return fmt.Errorf("term %s: %w", t, err)
			}
		}
		format, ok := formats[name]
		if !ok {
			// perf's own terms, whatever the PMU's formats say.
			switch name {
			case "config", "config1", "config2":
				format = name + ":0-63"
			default:
				return fmt.Errorf("term %s has no format", name)
			}
		}
		if err := place(format, v, e); err != nil {
			return fmt.Errorf("term %s: %w", name, err)
		}
	}
	return nil
}

// place puts v into the bits format names ("config:0-7,21"), its low bits
// in the first range, the next in the next.
func place(format string, v uint64, e *Event) error {
	field, bits, ok := strings.Cut(format, ":")
	if !ok {
		return fmt.Errorf("format %q", format)
	}
	var dst *uint64
	switch field {
	case "config":
		dst = &e.Config
	case "config1":
		dst = &e.Config1
	case "config2":
		dst = &e.Config2
	default:
		return fmt.Errorf("format %q: no field %s", format, field)
	}
	shift := 0
	for _, r := range strings.Split(bits, ",") {
		lo, hi, isRange := strings.Cut(r, "-")
		first, err := strconv.Atoi(lo)
		if err != nil {
			return fmt.Errorf("format %q: %w", format, err)
		}
		last := first
		if isRange {
			if last, err = strconv.Atoi(hi); err != nil {
				return fmt.Errorf("format %q: %w", format, err)
			}
		}
		if first < 0 || last < first || last > 63 {
			return fmt.Errorf("format %q: bits %s", format, r)
		}
		for b := first; b <= last; b++ {
			if shift < 64 && v>>shift&1 != 0 {
				*dst |= 1 << b
			}
			shift++
		}
	}
	if shift < 64 && v>>shift != 0 {
		return fmt.Errorf("value %#x does not fit %q", v, format)
	}
	return nil
}

// Table is the events of this system a cpc probe can count, in the order
// dtrace -l lists them.
type Table struct {
	Events []Event
	byName map[string]int
	// NoHardware, when not nil, says why no hardware event is there: the
	// error of opening the first generic hardware event (no PMU in a
	// virtual machine: ENOENT).
	NoHardware error
}

// Lookup returns the event called name.
func (t *Table) Lookup(name string) (Event, bool) {
	i, ok := t.byName[name]
	if !ok {
		return Event{}, false
	}
	return t.Events[i], true
}

// listingPeriod is the count of the probes dtrace -l lists, one per event
// (EVENT-all-1000000000), as DTrace lists them: high enough that the
// fastest event does not fire unreasonably often.
const listingPeriod = 1000000000

// NewTable finds which of the generic events and of the events of the
// PMUs under dir can sample on this system: open decides, given the
// perf_event_attr of each, sampling in every mode (DTrace opens each event
// once when it lists them and keeps those the kernel opens, passing over
// the others in silence: a user who may not open them has none). A name
// seen twice keeps its first event: the generic ones come first.
func NewTable(dir string, open func(unix.PerfEventAttr) error) (*Table, error) {
	pmuEvents, err := PMUEvents(dir)
	if err != nil {
		return nil, err
	}
	t := &Table{byName: map[string]int{}}
	for _, e := range append(Generic(), pmuEvents...) {
		if _, dup := t.byName[e.Name]; dup {
			continue
		}
		attr := e.attr()
		attr.Sample = listingPeriod
		if err := open(attr); err != nil {
			if e.Type == unix.PERF_TYPE_HARDWARE && t.NoHardware == nil {
				t.NoHardware = fmt.Errorf("%s: %w", e.Name, err)
			}
			continue
		}
		t.byName[e.Name] = len(t.Events)
		t.Events = append(t.Events, e)
	}
	// Only where the hardware events fail for want of a PMU: not for a
	// user who may open nothing.
	if t.hasHardware() || len(t.Events) == 0 {
		t.NoHardware = nil
	}
	return t, nil
}

// hasHardware reports whether t has an event a PMU counts.
func (t *Table) hasHardware() bool {
	return slices.ContainsFunc(t.Events, func(e Event) bool { return !e.Software() })
}
