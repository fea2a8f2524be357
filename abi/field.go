package abi

//go:generate go run golang.org/x/tools/cmd/stringer@v0.52.0 -type=FieldKind

// FieldKind is what a field of a clause's record is for: the action that
// recorded it, which the consumer carries out when it reads the record.
// The code generator describes each field of a record with one
// (dscript/codegen's Field: the names Format, NArgs, Aggs and Type below
// are its members), and the consumer decodes the record by them.
//
// An action with arguments is a field followed by the NArgs FieldArg
// fields of their values, in order.
type FieldKind int

// Field kinds.
const (
	// FieldTrace is trace(x), stack() and the symbol functions as
	// actions: one value of type Type.
	FieldTrace FieldKind = iota
	// FieldPrintf is printf(): Format and the values of the NArgs Arg
	// fields that follow.
	FieldPrintf
	// FieldExit is exit(n): n, which ends tracing with that status.
	FieldExit
	// FieldPrinta is printa(): Format (nil without one) and the
	// aggregations Aggs.
	FieldPrinta
	// FieldClear is clear(): the values of the aggregations Aggs are
	// zeroed.
	FieldClear
	// FieldTrunc is trunc(): aggregation Aggs[0] keeps as many keys as
	// the count in the Arg field that follows says (NArgs 1), or none
	// (NArgs 0).
	FieldTrunc
	// FieldNormalize is normalize(): the aggregations Aggs are shown
	// divided by the factor in the Arg field that follows.
	FieldNormalize
	// FieldDenormalize is denormalize(): the aggregations Aggs are shown
	// as they are.
	FieldDenormalize
	// FieldSetopt is setopt(): the option's name, then its value when
	// one is given, in the NArgs string Arg fields that follow.
	FieldSetopt
	// FieldArg is a value of the action whose field precedes it.
	FieldArg
	// FieldSystem is system(): Format and the values of the NArgs Arg
	// fields that follow; the consumer runs the formatted command.
	FieldSystem
	// FieldFreopen is freopen(): Format (nil for freopen(""), which
	// restores the output) and the NArgs Arg fields that follow.
	FieldFreopen
	// FieldTracemem is tracemem(addr, size[, count]): Size bytes of
	// memory; with a count, NArgs is 1 and an Arg field with the count
	// follows.
	FieldTracemem
	// FieldPrint is print(p): the address p (8 bytes) then the bytes of
	// what it points to (Size - 8 of them: the pointee's size, or as much
	// of it as a record holds); Type is the pointee's type, which the
	// consumer shows member by member.
	FieldPrint
)
