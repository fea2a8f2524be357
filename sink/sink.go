// Package sink is what a D program's run delivers: the records of its
// clauses and its aggregations, decoded into typed values, and the notices
// dtrace(1) prints on its standard error (drops, faults, warnings).
//
// The runner decodes what the BPF programs produce (the record formats are
// the code generator's, package abi the contract) and hands it to a Sink.
// DTrace's text output is one Sink (package sink/text); the others write
// JSON Lines, profiles, folded stacks or metrics from the same values
// without knowing how the records were laid out. How DTrace names frames
// (FrameName) and orders aggregations (CompareKeys, CompareValues, Top) is
// this package's, for every sink alike.
//
// It is part of dtrace-go's API, with its subpackages, the sinks of
// dtrace(1)'s outputs.
package sink

import (
	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/printf"
)

// A Sink consumes a run's decoded data. The runner calls it from one
// goroutine.
type Sink interface {
	// Record receives the record of one clause's firing. r and what it
	// holds are valid only during the call: a Sink that keeps a value
	// copies it.
	Record(r *Record) error
	// End receives, once tracing has stopped and the END probe has
	// fired, every aggregation of the program, in the order they were
	// first used, with the data they hold then.
	End(aggs []*Aggregation) error
	// Flush writes out what the Sink buffered: the runner calls it after
	// each batch of records and before it reports anything on its own.
	Flush() error
}

// Probe identifies a probe.
type Probe struct {
	ID                               uint32
	Provider, Module, Function, Name string
}

// Record is one clause's firing: what its actions recorded, in order.
type Record struct {
	CPU   int
	Probe Probe
	// RecordID identifies the record's layout: records of one clause (or
	// of one branch of its if/else) share it (-F tells clauses apart by
	// it).
	RecordID uint32
	// Clause is the clause's index in the program, from 0.
	Clause int
	// Firing says that the record prints a probe firing line in DTrace's
	// output: false when it holds only actions on aggregations.
	Firing  bool
	Actions []Action
}

// ActionKind says what an action does.
type ActionKind uint8

// Actions that reach a Sink. (clear(), trunc(), normalize() and
// denormalize() act on the aggregations the runner holds: their effect
// shows in the aggregations printa() and End deliver.)
const (
	// ActTrace is trace(Values[0]), and stack(), ustack(), sym() and the
	// other actions that record one value.
	ActTrace ActionKind = iota + 1
	// ActPrintf is printf(Format, Values...).
	ActPrintf
	// ActPrinta is printa(Format, Aggs...): Format is nil for printa
	// without one. Aggs hold the aggregations' data when the record was
	// consumed, normalized as normalize() said.
	ActPrinta
	// ActTraceMem is tracemem(): Values[0] holds the bytes.
	ActTraceMem
	// ActSystem is system(Format, Values...), under -w: a command line
	// to run with the output so far written out.
	ActSystem
	// ActFreopen is freopen(Format, Values...), under -w: the output
	// goes to the file named from now on; Format nil restores the output
	// the run started with.
	ActFreopen
	// ActSetopt is setopt(): Values[0] is the option's name, Values[1]
	// its value when one was given. The runner has checked that the
	// option may change while tracing; a Sink applies those of its
	// output.
	ActSetopt
	// ActExit is exit(Values[0]).
	ActExit
	// ActPrint is print(p): Values[0] is a KindTyped value, the address
	// p and the bytes of the type it points to.
	ActPrint
)

// Action is one action of a record.
type Action struct {
	Kind   ActionKind
	Format *printf.Format
	Values []Value
	Aggs   []*Aggregation
}

// Aggregation is one aggregation's data, merged over the CPUs.
type Aggregation struct {
	// ID is the aggregation's id: 1 for the first one the program uses,
	// 2 for the next... DTrace prints and sorts by it.
	ID   int
	Name string // without the '@'
	// Agg is the aggregating function and its parameters.
	abi.Agg
	// Normal is the normalization factor set by normalize() (0 or 1:
	// none).
	Normal uint64
	// Entries are the aggregation's keys and values, in no order.
	Entries []*Entry
}

// An Entry is one key of an aggregation and its value.
type Entry struct {
	Key []Value
	abi.AggValue
}

// NormalOr1 returns the normalization factor, 1 when there is none.
func (a *Aggregation) NormalOr1() uint64 {
	if a.Normal == 0 {
		return 1
	}
	return a.Normal
}
