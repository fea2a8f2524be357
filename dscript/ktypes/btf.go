package ktypes

import "github.com/dtrace-go/dtrace/internal/kbtf"

// raw is the kernel's BTF as the converter reads it (package kbtf, the
// one BTF reader), with the lookups by D name space the converter makes.
type raw struct{ *kbtf.Spec }

// The name spaces of the lookups: kbtf's, by the kind that names them.
const (
	nsStruct  = kbtf.KindStruct
	nsUnion   = kbtf.KindUnion
	nsEnum    = kbtf.KindEnum
	nsTypedef = kbtf.KindTypedef
	nsVar     = kbtf.KindVar
)

// loadRaw maps (or, where mapping is refused, reads) the BTF file at path
// and indexes it.
func loadRaw(path string) (*raw, error) {
	s, err := kbtf.Open(path)
	if err != nil {
		return nil, err
	}
	return &raw{s}, nil
}

// lookup returns the id of the type called name in name space ns: its
// first definition, else its first declaration.
func (r *raw) lookup(ns kbtf.Kind, name string) (kbtf.TypeID, bool) {
	return r.TypeByName(ns, name)
}

// isDecl reports whether id is a forward declaration: a FWD, or an enum
// without enumerators.
func (r *raw) isDecl(id kbtf.TypeID) bool {
	t, _ := r.Type(id)
	switch t.Kind() {
	case kbtf.KindFwd:
		return true
	case kbtf.KindEnum, kbtf.KindEnum64:
		return t.Vlen() == 0
	}
	return false
}
