package abi

import "strconv"

// Names of the maps the runner creates for every program. A program's
// variables and aggregations get maps of their own, which the compiled
// program describes.
const (
	ScratchMap = "scratch" // per-CPU array, ScratchFrames entries: each a probe context, counters and scratch space
	GlobalsMap = "globals" // array, 1 entry: run state (below), then global variables
	StringsMap = "strtab"  // array, 1 entry, read-only: string constants, then the enabled probes' names (ProbesMap)
	ProbesMap  = "probes"  // hash keyed by u32 probe id: ProbeNames
	RingMap    = "rb"      // ring buffer of records
)

// ProbeNames is the value of ProbesMap for a probe: the offsets of its
// provider, module, function and name, each a NUL-terminated string in
// StringsMap's value past the program's string constants (each name once,
// whatever number of probes share it). Enabling 40,000 kernel functions
// thus costs 16 bytes a probe and their names, where four strsize strings
// a probe cost 40 MB.
type ProbeNames struct {
	Provider, Module, Function, Name uint32
}

// ProbeNamesSize is the size of a ProbeNames, and ProbeNameMask the bits
// of an offset in it a program keeps (masking it bounds the offset for the
// verifier): the string table may hold up to 4 MiB.
const (
	ProbeNamesSize = 16
	ProbeNameMask  = 1<<22 - 1
)

// ProbeNamePID, set in a ProbeNames' Provider, says that the probe is one
// of every process (pid*, python*): its offset is the provider's name
// less the '*', which probeprov follows with the firing process's id
// (pid1234, python1234), as DTrace names the provider of each process.
const ProbeNamePID = 1 << 30

// EPIDStmt is the offset of the statement number in an EPIDMap value,
// after the enabled probe ID.
const EPIDStmt = 4

// Names of the maps a program has when it uses what they serve.
const (
	// EPIDMap maps an enabling (u32 probe id, u32 clause index) to its
	// enabled probe ID (u32, for epid) and its statement number (u32 at
	// EPIDStmt: the number of the clause's first probe description that
	// matches the probe, DTrace numbering a clause's copies one per
	// description; ERROR's arg2 and the fault's dt_clause_N), filled by
	// the runner.
	EPIDMap = "epids"
	// SpecMap is the array of speculations, one entry of nspec u64
	// words (spec.go).
	SpecMap = "specs"
	// UPIDMap remembers the processes announced to the consumer (LRU
	// hash: u32 pid, u32 exec count (task_struct.self_exec_id) and u64
	// address space -> u32 unused).
	UPIDMap = "upids"
	// VtimeMap holds each thread's on-CPU time, kept by the vtimestamp
	// tracker program (LRU hash: u32 tid -> u64 time, u64 switched in).
	VtimeMap = "vtime"
	// ChillMap holds chill()'s per-CPU budget.
	ChillMap = "chill"
)

// AggMap returns the name of the map of aggregation id (from 0, in the
// order the program first uses them).
func AggMap(id int) string { return "agg_" + strconv.Itoa(id) }

// AggPoolMap returns the name of the map that aggregations whose values
// are valueSize bytes share, in a program of more aggregations than the
// kernel lets it have maps: its keys start with the aggregation's id.
func AggPoolMap(valueSize int) string { return "aggs_" + strconv.Itoa(valueSize) }

// Offsets in the globals map's value: the run state the runner and the
// programs share, before the program's global variables.
const (
	// GlobalExiting (u64) is the activity state: ExitingWarmup while the
	// runner attaches the probes and fires BEGIN (only BEGIN's and
	// ERROR's clauses run), 0 once tracing is active, set by exit() (1)
	// or a full buffer (ExitingFilled), which make every clause but END's
	// do nothing and the runner stop.
	GlobalExiting = 0
	// GlobalWallBase (s64) is walltimestamp minus the monotonic clock,
	// set by the runner.
	GlobalWallBase = 8
	// GlobalWakeAt (u64) is how many ring buffer bytes a CPU sends between
	// two records that wake the reader, set by the runner.
	GlobalWakeAt = 16
	// GlobalFillAt (u64) is, under bufpolicy=fill, the bytes of records
	// each CPU may send (NoFillLimit otherwise), set by the runner.
	GlobalFillAt = 24
	// GlobalDynVars (u64) counts the elements of the dynamic variables
	// (thread-local variables and associative arrays' elements), which
	// share one pool of elements, as DTrace's share dynvarsize: a new
	// element takes one (atomically) unless the pool is exhausted, a
	// deleted one gives it back.
	GlobalDynVars = 32
	// GlobalsFirst is the offset of the first global variable.
	GlobalsFirst = 40
)

// ExitingFilled is GlobalExiting's value once a CPU's buffer has filled
// under bufpolicy=fill.
const ExitingFilled = 2

// ExitingWarmup is GlobalExiting's value before tracing is active: the
// probes are attached, and BEGIN fires (DTrace's warm-up state).
const ExitingWarmup = 3

// NoFillLimit is GlobalFillAt when no limit applies: far above any count.
const NoFillLimit = 1 << 62

// StrSlot returns the bytes a D string takes wherever the programs and the
// consumer lay strings out side by side (a map key, a variable, a record
// field, the probes map's value): strsize characters and the terminating
// NUL, as DTrace keeps them, rounded up to 8 bytes. A string is read up to
// its first NUL within its slot.
func StrSlot(strsize int) int { return (strsize + 1 + 7) &^ 7 }
