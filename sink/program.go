package sink

import (
	"strconv"
	"time"
)

// Program describes the D programs of a run for the sinks that label what
// they write with more than the values: profiles and metrics name an
// aggregation's keys, give their units, and know the sampling period of
// the probe that fills it. The dtrace package's Handle.Program makes one
// from the compiled programs.
type Program struct {
	// Sources are the programs as the user gave them, in order.
	Sources []Source
	// Aggs describes each aggregation, by name ("" for the anonymous
	// one, @).
	Aggs map[string]*AggInfo
}

// Source is one program's text: a script (Name its path) or the text of a
// -n, -P, -m, -f or -i operand (Name the operand).
type Source struct {
	Name string
	Text string
}

// AggInfo describes an aggregation as the program uses it.
type AggInfo struct {
	// Keys describe the aggregation's keys, in order.
	Keys []KeyInfo
	// Unit is the unit of the values aggregated (what sum(), min(), the
	// quantizations and the others are given), "" when unknown:
	// "nanoseconds" for times, "bytes" for sizes.
	Unit string
	// Period is the interval between two firings, on one CPU, of the
	// profile-N probe whose clauses aggregate into it; 0 when none does
	// (or several of different rates do).
	Period time.Duration
}

// KeyInfo describes one key of an aggregation.
type KeyInfo struct {
	// Name names the key after the expression it is: "execname", "pid",
	// "stack", a variable's name, or "keyN" (N from 1) for an expression
	// that names nothing. The names of one aggregation's keys differ.
	Name string
	// Unit is the key's unit, "" when unknown (see AggInfo.Unit).
	Unit string
	// Stack says the key is a stack: stack(), ustack() or jstack().
	Stack bool
	// Cgroup says the key is a cgroup's path: cgroup_path(), whose
	// container and pod the profiles and metrics label (Container).
	Cgroup bool
}

// Agg returns the description of aggregation a (an empty one when p is
// nil or does not describe it).
func (p *Program) Agg(a *Aggregation) *AggInfo {
	if p != nil {
		if ai := p.Aggs[a.Name]; ai != nil {
			return ai
		}
	}
	return &AggInfo{}
}

// KeyName returns the name of key i of aggregation a: its KeyInfo's, else
// "keyN" (N = i+1).
func (ai *AggInfo) KeyName(i int) string {
	if i < len(ai.Keys) && ai.Keys[i].Name != "" {
		return ai.Keys[i].Name
	}
	return "key" + strconv.Itoa(i+1)
}

// KeyUnit returns the unit of key i, "" when unknown.
func (ai *AggInfo) KeyUnit(i int) string {
	if i < len(ai.Keys) {
		return ai.Keys[i].Unit
	}
	return ""
}
