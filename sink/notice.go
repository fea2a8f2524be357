package sink

import "github.com/dtrace-go/dtrace/abi"

// NoticeKind says what a notice reports.
type NoticeKind uint8

// Kinds of notices.
const (
	// NoticeMatched: how many probes a program matched ("script 'x.d'
	// matched 3 probes").
	NoticeMatched NoticeKind = iota + 1
	// NoticeDestructive: destructive actions are allowed (-w).
	NoticeDestructive
	// NoticeDrop: data was lost (Drop, CPU, Count).
	NoticeDrop
	// NoticeFault: a clause faulted at run time (Fault).
	NoticeFault
	// NoticeWarning: an action failed without stopping tracing (a
	// setopt() or freopen() that could not be done).
	NoticeWarning
	// NoticeExited: a process of -c or -p has exited (PID).
	NoticeExited
)

// DropKind says what was lost.
type DropKind uint8

// Kinds of drops, DTrace's DTRACEDROP_* (see DropKind.Tag).
const (
	DropPrincipal   DropKind = iota + 1 // records: the buffer was full
	DropAggregation                     // aggregation keys: aggsize was full
	DropDynamic                         // dynamic variables: dynvarsize was full
	DropSpec                            // speculative data: specsize was full
	DropSpecBusy                        // speculation(): every buffer still busy
	DropSpecUnavail                     // speculation(): no buffer available
	DropDblError                        // faults of ERROR clauses, which fire no ERROR probe
)

var dropTags = [...]string{
	DropPrincipal:   "DTRACEDROP_PRINCIPAL",
	DropAggregation: "DTRACEDROP_AGGREGATION",
	DropDynamic:     "DTRACEDROP_DYNAMIC",
	DropSpec:        "DTRACEDROP_SPEC",
	DropSpecBusy:    "DTRACEDROP_SPECBUSY",
	DropSpecUnavail: "DTRACEDROP_SPECUNAVAIL",
	DropDblError:    "DTRACEDROP_DBLERROR",
}

// Tag returns the drop's DTRACEDROP_* name.
func (k DropKind) Tag() string {
	if int(k) < len(dropTags) {
		return dropTags[k]
	}
	return ""
}

// Notice is something dtrace(1) reports on its standard error while it
// runs.
type Notice struct {
	Kind NoticeKind
	// Message is DTrace's message, as dtrace(1) prints it after its
	// program's name and ": " ("dtrace: "), without the newline that ends
	// it.
	Message string

	// Drops: what was lost, on which CPU (-1 when counted over all of
	// them), and how much since the last report.
	Drop  DropKind
	CPU   int
	Count uint64

	// Faults: the faulting probe and what ERROR's arguments say.
	Probe Probe
	Fault *abi.FaultRecord

	// Exits: the process.
	PID int
}
