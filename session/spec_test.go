package session

import (
	"bytes"
	"slices"
	"testing"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript"
	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/sink/text"
)

// The kernel side: speculation() claims generation 1, then 2 after a
// commit; records are tagged with the id and generation; commit and
// discard send a record of id SpecRecordID; what is speculated to an
// inactive speculation or with speculate(0) is not sent.
func TestSpeculationRecords(t *testing.T) {
	prog, recs := runBegin(t, `
BEGIN { s = speculation(); }
BEGIN { speculate(s); trace(1); }
BEGIN { commit(s); }
BEGIN { speculate(s); trace(2); }
BEGIN { speculate(0); trace(3); }
BEGIN { t = speculation(); }
BEGIN { speculate(t); trace(4); }
BEGIN { discard(t); discard(t); }
BEGIN { trace(speculation()); }
`)
	type rec struct {
		kind     int
		id, gen  uint32
		specRec  bool
		traceVal int64
	}
	var got []rec
	for _, r := range recs {
		h, err := abi.ReadHeader(r)
		if err != nil {
			t.Fatal(err)
		}
		kind, id, gen := abi.SplitSpecTag(h.Tag)
		g := rec{kind: kind, id: id, gen: gen, specRec: h.Record == abi.RecordSpecEnd}
		if !g.specRec {
			g.traceVal = int64(le.Uint64(r[prog.Records[h.Record].Fields[0].Offset:]))
		}
		got = append(got, g)
	}
	want := []rec{
		{kind: abi.SpecData, id: 1, gen: 1, traceVal: 1},
		{kind: abi.SpecCommit, id: 1, gen: 1, specRec: true},
		{kind: abi.SpecData, id: 1, gen: 2, traceVal: 4},
		{kind: abi.SpecDiscard, id: 1, gen: 2, specRec: true},
		{traceVal: 1},
	}
	if len(got) != len(want) {
		t.Fatalf("records %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("record %d: %+v, want %+v", i, got[i], want[i])
		}
	}
}

// specPrinter returns a quiet decoder printing a program whose record 0
// is a printf of one integer, and a function making its records.
func specPrinter(t testing.TB) (*decoder, *bytes.Buffer, func(tag uint32, v uint64) []byte) {
	t.Helper()
	p, err := dscript.New(dscript.Config{Args: []string{"test.d"}}).Compile(dscript.Source{Kind: dscript.Script, Name: "test.d",
		Text: []byte("BEGIN\n{\n\tspeculate(1);\n\tprintf(\"%d\\n\", 1);\n}\n")})
	if err != nil {
		t.Fatal(err)
	}
	prog, err := codegen.Compile([]codegen.Unit{{File: p.File, Info: p.Info}}, codegen.Options{})
	if err != nil {
		t.Fatal(err)
	}
	reg, _ := NewRegistry()
	var out bytes.Buffer
	pr := textDecoder(prog, reg, &out, text.Options{Quiet: true}, nil)
	r := prog.Records[0]
	mk := func(tag uint32, v uint64) []byte {
		b := make([]byte, r.Size)
		h := abi.Header{Probe: 1, Tag: tag}
		if k, _, _ := abi.SplitSpecTag(tag); k == abi.SpecCommit || k == abi.SpecDiscard {
			h.Record = abi.RecordSpecEnd
			h.Put(b)
			return b[:abi.HeaderSize]
		}
		h.Put(b)
		le.PutUint64(b[r.Fields[1].Offset:], v)
		return b
	}
	return pr, &out, mk
}

func tag(kind int, id, gen uint32) uint32 { return abi.SpecTag(kind, id, gen) }

// The consumer holds a speculation's records until its commit (printed, in
// order) or discard (dropped); a record of a speculation already committed
// is printed at once, one of a speculation already discarded dropped.
func TestSpeculationConsumer(t *testing.T) {
	pr, out, mk := specPrinter(t)
	steps := []struct {
		rec  []byte
		want string // output after the step
	}{
		{mk(tag(abi.SpecData, 1, 1), 10), ""},
		{mk(tag(abi.SpecData, 2, 1), 20), ""},
		{mk(tag(abi.SpecData, 1, 1), 11), ""},
		{mk(tag(abi.SpecCommit, 1, 1), 0), "10\n11\n"},
		{mk(tag(abi.SpecData, 1, 1), 12), "10\n11\n12\n"},
		{mk(tag(abi.SpecDiscard, 2, 1), 0), "10\n11\n12\n"},
		{mk(tag(abi.SpecData, 2, 1), 21), "10\n11\n12\n"},
		{mk(tag(abi.SpecData, 1, 2), 13), "10\n11\n12\n"},
		{mk(0, 99), "10\n11\n12\n99\n"},
		{mk(tag(abi.SpecCommit, 1, 2), 0), "10\n11\n12\n99\n13\n"},
	}
	for i, s := range steps {
		if _, err := pr.Record(s.rec); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		pr.out.Flush()
		if out.String() != s.want {
			t.Fatalf("after step %d: output %q, want %q", i, out.String(), s.want)
		}
	}
}

// Generations older than a commit's predecessor are forgotten, whatever
// became of them; a bad tag is an error, not a panic.
func TestSpeculationForget(t *testing.T) {
	pr, _, mk := specPrinter(t)
	for _, r := range [][]byte{
		mk(tag(abi.SpecData, 1, 1), 1),                 // never ended: its commit was lost
		mk(tag(abi.SpecData, 1, 2), 2),                 // kept: the predecessor
		mk(tag(abi.SpecData, 2, 1), 3),                 // another id
		mk(tag(abi.SpecCommit, 1, 3), 0),               // forgets 1/1
		mk(tag(abi.SpecCommit, 1, abi.SpecGenMask), 0), // wraps: 1/3 is newer
	} {
		if _, err := pr.Record(r); err != nil {
			t.Fatal(err)
		}
	}
	gens := func(id uint32) []uint32 {
		var g []uint32
		for _, b := range pr.specs.ids[id] {
			g = append(g, b.gen)
		}
		return g
	}
	if g := gens(1); !slices.Equal(g, []uint32{2, 3, abi.SpecGenMask}) {
		t.Errorf("generations of 1 kept: %v, want [2 3 %d]", g, abi.SpecGenMask)
	}
	if g := gens(2); !slices.Equal(g, []uint32{1}) {
		t.Errorf("generations of 2 kept: %v, want [1]", g)
	}
	if _, err := pr.Record(mk(tag(7, 1, 1), 0)); err == nil {
		t.Error("a bad speculation tag accepted")
	}
	bad := mk(tag(abi.SpecData, 1, 9), 0)
	abi.Header{Probe: 1, Record: 1000, Tag: tag(abi.SpecData, 1, 9)}.Put(bad)
	if _, err := pr.Record(bad); err == nil {
		t.Error("a speculative record of an unknown record id accepted")
	}
}

// BenchmarkSpeculationConsumer measures the consumer on speculations of
// one record each, committed.
func BenchmarkSpeculationConsumer(b *testing.B) {
	pr, out, mk := specPrinter(b)
	data := mk(tag(abi.SpecData, 1, 1), 7)
	commit := mk(tag(abi.SpecCommit, 1, 1), 0)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		g := uint32(i) & abi.SpecGenMask
		abi.PutTag(data, tag(abi.SpecData, 1, g))
		abi.PutTag(commit, tag(abi.SpecCommit, 1, g))
		pr.Record(data)
		pr.Record(commit)
		if out.Len() > 1<<20 {
			pr.out.Flush()
			out.Reset()
		}
	}
}

// BenchmarkPlainConsumer is the same records without speculation.
func BenchmarkPlainConsumer(b *testing.B) {
	pr, out, mk := specPrinter(b)
	data := mk(0, 7)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		pr.Record(data)
		if out.Len() > 1<<20 {
			pr.out.Flush()
			out.Reset()
		}
	}
}
