package abi

// A speculative record, and the record of commit() or discard()
// (RecordSpecEnd), carry a tag in their header (HeaderTag):
//
//	bits 28-31  the kind: SpecData, SpecCommit or SpecDiscard
//	bits 8-27   the low 20 bits of the speculation's generation
//	bits 0-7    the speculation's id
//
// A speculation's generation counts the times speculation() claimed it,
// so that records of an earlier use are told apart from the current one's.

// Kinds of speculation records.
const (
	SpecData    = 1 // a speculative record
	SpecCommit  = 2 // commit(): print the speculation's records
	SpecDiscard = 3 // discard(): drop them
)

// SpecGenMask masks the generation bits a tag carries.
const SpecGenMask = 0xfffff

// SpecKindShift and SpecGenShift are the positions of a tag's kind and
// generation.
const (
	SpecKindShift = 28
	SpecGenShift  = 8
)

// SpecTag returns the tag of a record of kind for generation gen of
// speculation id.
func SpecTag(kind int, id, gen uint32) uint32 {
	return uint32(kind)<<SpecKindShift | (gen&SpecGenMask)<<SpecGenShift | id&0xff
}

// SplitSpecTag splits a tag into its kind, the speculation's id and the
// low 20 bits of its generation.
func SplitSpecTag(tag uint32) (kind int, id, gen uint32) {
	return int(tag >> SpecKindShift), tag & 0xff, tag >> SpecGenShift & SpecGenMask
}
