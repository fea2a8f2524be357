package session

import (
	"fmt"

	"github.com/dtrace-go/dtrace/abi"
)

// specBufs holds what the consumer keeps of speculations (see
// codegen/spec.go): by id, the records of each generation that was
// neither committed nor discarded yet, in the order they came, and the
// fate of those recently ended.
type specBufs struct {
	ids  [256][]*specBuf // by id (a tag's low byte), oldest generation first
	free []*specBuf      // ended buffers to reuse
	tmp  []byte          // a record being untagged
}

// specBuf is one speculation's records and fate.
type specBuf struct {
	gen  uint32
	fate int    // 0 while open, else abi.SpecCommit or SpecDiscard
	data []byte // the records, untagged, each after its u32 length
}

// speculative handles a record whose header carries speculation tag tag:
// a speculative record is kept until its speculation's commit or discard
// record, which prints or drops the records kept, in order. A record of a
// speculation already committed (one another CPU finished while the
// commit was made) is printed at once, and one of a speculation already
// discarded dropped.
func (d *decoder) speculative(rec []byte, h abi.Header) (*int, error) {
	kind, id, gen := abi.SplitSpecTag(h.Tag)
	s := &d.specs
	b := s.buf(id, gen)
	switch kind {
	case abi.SpecData:
		if int(h.Record) >= len(d.prog.Records) {
			return nil, fmt.Errorf("consume record: unknown record id %d", h.Record)
		}
		switch b.fate {
		case abi.SpecCommit:
			s.tmp = append(s.tmp[:0], rec...)
			abi.PutTag(s.tmp, 0)
			return d.Record(s.tmp)
		case abi.SpecDiscard:
			return nil, nil
		}
		n := len(b.data)
		b.data = le.AppendUint32(b.data, uint32(len(rec)))
		b.data = append(b.data, rec...)
		abi.PutTag(b.data[n+4:], 0)
		return nil, nil
	case abi.SpecCommit, abi.SpecDiscard:
		b.fate = kind
		s.forget(id, gen)
		var exit *int
		for p := b.data; kind == abi.SpecCommit && len(p) >= 4; {
			n := int(le.Uint32(p))
			st, err := d.Record(p[4 : 4+n])
			if err != nil {
				return nil, err
			}
			if exit == nil {
				exit = st
			}
			p = p[4+n:]
		}
		b.data = b.data[:0]
		return exit, nil
	}
	return nil, fmt.Errorf("consume record: bad speculation tag %#x", h.Tag)
}

// buf returns the buffer of generation gen of speculation id, starting it
// if need be.
func (s *specBufs) buf(id, gen uint32) *specBuf {
	for _, b := range s.ids[id] {
		if b.gen == gen {
			return b
		}
	}
	var b *specBuf
	if n := len(s.free); n > 0 {
		b, s.free = s.free[n-1], s.free[:n-1]
	} else {
		b = &specBuf{}
	}
	b.gen, b.fate, b.data = gen, 0, b.data[:0]
	s.ids[id] = append(s.ids[id], b)
	return b
}

// forget drops what is kept of speculation id's generations older than
// gen's predecessor: their records came before gen began, and those never
// ended lost their commit or discard record to a full buffer. gen and its
// predecessor stay, for records that race with their end.
func (s *specBufs) forget(id, gen uint32) {
	kept := s.ids[id][:0]
	for _, b := range s.ids[id] {
		if d := (gen - b.gen) & abi.SpecGenMask; d >= 2 && d < (abi.SpecGenMask+1)/2 {
			s.free = append(s.free, b)
			continue
		}
		kept = append(kept, b)
	}
	clear(s.ids[id][len(kept):])
	s.ids[id] = kept
}
