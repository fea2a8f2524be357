// Package abi is the contract between the BPF programs dtrace-go
// generates and the consumer that reads what they produce: everything
// both sides of the kernel boundary must agree on, and nothing else.
//
//   - The probe context (ctx.go): the per-CPU scratch value every firing
//     fills before its clauses run (probe id, errno, timestamp, arguments),
//     the per-CPU counters kept in it, the registers and labels a
//     provider's trampoline fragment works with, and which of its fields
//     the clauses read (CtxUse).
//   - Records (record.go): the header every record sent through the ring
//     buffer starts with, the ids of the records that are not a clause's
//     (faults, speculation ends, notices), and the fault record's layout;
//     the kinds of a clause's record's fields, the actions the consumer
//     carries out (field.go).
//   - Maps and run state (maps.go): the names of the maps the runner
//     creates, the words of the globals map the runner and the programs
//     share.
//   - Faults (fault.go): DTrace's fault codes and their words.
//   - Speculations (spec.go): the tag a speculative record carries.
//   - Aggregations (agg.go, quantize.go): the aggregating functions, the
//     layout of their per-CPU values, the rules that merge them, and the
//     bucket math of quantize, lquantize and llquantize, which the code
//     generator emits and the printer labels.
//   - Stacks and symbols (stack.go): how stacks and addresses are recorded
//     and keyed; the unwind tables the programs search to walk user stacks
//     with call-frame information (unwind.go).
//
// The package imports nothing of D, of the providers or of the runner:
// the code generator (dscript/codegen), the providers' trampoline
// fragments and the consumer (session) all import it.
//
// It is part of dtrace-go's API for what the sinks read of it (the
// aggregating functions and their values, bucket layouts, fault codes and
// records); the layouts of records and maps are the contract between
// dtrace-go's BPF programs and its runner, and change with them.
package abi
