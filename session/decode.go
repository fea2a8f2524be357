package session

import (
	"bytes"
	"errors"
	"fmt"
	"math"

	"github.com/cilium/ebpf"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/dscript/printf"
	"github.com/dtrace-go/dtrace/dscript/types"
	"github.com/dtrace-go/dtrace/probe"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/sink"
	"github.com/dtrace-go/dtrace/symtab"
)

// decoder turns what a program's BPF code produces into sink values: the
// records read from the ring buffer (abi's header, then the fields the
// compiled program describes) and the aggregations held in per-CPU maps.
// It keeps what DTrace's consumer keeps between records: the speculations
// not ended yet, the aggregations' normalization, the processes whose
// addresses it resolves. It also carries out the actions that act on the
// aggregations (clear, trunc, normalize, denormalize) and checks setopt().
//
// The decoder does no output of its own: records go to the Sink, faults
// and warnings to notify.
type decoder struct {
	prog   *codegen.Program
	reg    *providers.Registry
	maps   map[string]*ebpf.Map // the aggregations' maps; nil: none
	out    sink.Sink
	notify func(sink.Notice)
	syms   *symbols

	// What the decoder works out once about each record (by record id)
	// and probe (by probe id).
	recs   []recInfo
	probes []probeInfo
	// aggs holds each aggregation's state between printings: its
	// normalization.
	aggs []*sink.Aggregation

	// The record being decoded and its actions' values, reused.
	rec  sink.Record
	acts []sink.Action
	vals []sink.Value

	specs specBufs // speculations not ended yet (spec.go)

	// types holds the sink types of print()'s fields, made on first use.
	types typeCache
}

// recInfo is what the decoder works out once about a record.
type recInfo struct {
	firing bool       // the record prints a firing line
	strs   []strCache // by field: the field's last string
	addrs  []byte     // by field: 'a' for an integer printed by %a; nil if none
}

// strCache is the last string a field held: a field whose bytes have not
// changed since (an execname, say) decodes without an allocation.
type strCache struct {
	b []byte
	s string
}

// probeInfo is a probe as the registry gives it (nil if unknown), once
// looked up.
type probeInfo struct {
	p      sink.Probe
	known  bool
	looked bool
}

// newDecoder returns the decoder of prog's run, whose probes reg numbers
// and whose maps m holds (nil: a decoder of records alone), delivering to
// out and notify (nil: notices are dropped).
func newDecoder(prog *codegen.Program, reg *providers.Registry, m map[string]*ebpf.Map, out sink.Sink, notify func(sink.Notice), ks *symtab.KernelSymbols) *decoder {
	if notify == nil {
		notify = func(sink.Notice) {}
	}
	if ks == nil {
		ks = &symtab.KernelSymbols{}
	}
	d := &decoder{prog: prog, reg: reg, maps: m, out: out, notify: notify, syms: newSymbols(ks)}
	d.syms.unwind = newUnwinder(m)
	d.syms.stacks = newStackTables(m)
	if needsKernelSymbols(prog) {
		ks.Prefetch()
	}
	d.recs = make([]recInfo, len(prog.Records))
	for i, r := range prog.Records {
		// A record holding only aggregation actions prints no firing
		// line.
		firing := len(r.Fields) == 0
		for _, fd := range r.Fields {
			switch fd.Kind {
			case abi.FieldPrinta, abi.FieldClear, abi.FieldTrunc, abi.FieldNormalize,
				abi.FieldDenormalize, abi.FieldArg:
			default:
				firing = true
			}
		}
		d.recs[i] = recInfo{firing: firing, strs: make([]strCache, len(r.Fields)), addrs: printfAddrs(r)}
	}
	for _, a := range prog.Aggs {
		d.aggs = append(d.aggs, &sink.Aggregation{ID: a.ID + 1, Name: a.Name, Agg: a.Agg})
	}
	return d
}

// afterBatch is called after each batch of records: the processes whose
// memory maps were read while their objects were still being mapped are
// read again (symtab.Processes.Update).
func (d *decoder) afterBatch() { d.syms.procs.Update() }

// warn reports a warning, once what the sink holds is written out.
func (d *decoder) warn(msg string) error {
	if err := d.out.Flush(); err != nil {
		return err
	}
	d.notify(sink.Notice{Kind: sink.NoticeWarning, Message: msg})
	return nil
}

// Record decodes one record read from the ring buffer and delivers it. It
// returns exit != nil when the record is an exit() and tracing must stop
// with that status.
func (d *decoder) Record(rec []byte) (exit *int, err error) {
	h, err := abi.ReadHeader(rec)
	if err != nil {
		return nil, fmt.Errorf("consume record: %w", err)
	}
	if h.Tag != 0 {
		return d.speculative(rec, h)
	}
	switch h.Record {
	case abi.RecordFault:
		return nil, d.fault(rec)
	case abi.RecordPID:
		d.syms.refresh(uint64(h.Probe))
		return nil, nil
	case abi.RecordFill:
		return nil, nil // it woke the runner: the exiting flag is set
	}
	if int(h.Record) >= len(d.prog.Records) {
		return nil, fmt.Errorf("consume record: unknown record id %d", h.Record)
	}
	r := d.prog.Records[h.Record]
	if len(rec) < r.Size {
		return nil, fmt.Errorf("consume record %d: %d bytes, want %d: %w", h.Record, len(rec), r.Size, abi.ErrShortRecord)
	}
	info := &d.recs[h.Record]
	d.rec = sink.Record{CPU: int(h.CPU), Probe: d.probe(h.Probe), RecordID: h.Record, Clause: r.Clause, Firing: info.firing}
	d.acts, d.vals = d.acts[:0], d.vals[:0]
	for i := 0; i < len(r.Fields); i++ {
		fd := r.Fields[i]
		switch fd.Kind {
		case abi.FieldTrace:
			d.action(sink.ActTrace, nil, d.value(rec, info, fd, i))
		case abi.FieldPrintf:
			d.args(sink.ActPrintf, rec, info, r, i)
			i += fd.NArgs
		case abi.FieldSystem:
			d.args(sink.ActSystem, rec, info, r, i)
			i += fd.NArgs
		case abi.FieldFreopen:
			d.args(sink.ActFreopen, rec, info, r, i)
			i += fd.NArgs
		case abi.FieldPrint:
			d.action(sink.ActPrint, nil, d.typed(rec, fd))
		case abi.FieldTracemem:
			d.action(sink.ActTraceMem, nil, sink.Bytes(tracemem(rec, r, i)))
			i += fd.NArgs
		case abi.FieldSetopt:
			ok, err := d.setopt(rec, r, i)
			if err != nil {
				return nil, err
			}
			if ok {
				d.args(sink.ActSetopt, rec, info, r, i)
			}
			i += fd.NArgs
		case abi.FieldExit:
			v := int(int32(le.Uint64(rec[fd.Offset:])))
			exit = &v
			d.action(sink.ActExit, nil, sink.Int(int64(v), 4))
		case abi.FieldPrinta:
			i += fd.NArgs
			aggs, err := d.printa(fd)
			if err != nil {
				return nil, err
			}
			d.acts = append(d.acts, sink.Action{Kind: sink.ActPrinta, Format: fd.Format, Aggs: aggs})
		case abi.FieldClear:
			for _, id := range fd.Aggs {
				if err := d.clear(id); err != nil {
					return nil, err
				}
			}
		case abi.FieldNormalize:
			v := le.Uint64(rec[r.Fields[i+1].Offset:])
			i += fd.NArgs
			for _, id := range fd.Aggs {
				d.aggs[id].Normal = v
			}
		case abi.FieldDenormalize:
			for _, id := range fd.Aggs {
				d.aggs[id].Normal = 1
			}
		case abi.FieldTrunc:
			n := int64(0)
			if fd.NArgs > 0 {
				n = int64(le.Uint64(rec[r.Fields[i+1].Offset:]))
			}
			i += fd.NArgs
			for _, id := range fd.Aggs {
				if err := d.trunc(id, n); err != nil {
					return nil, err
				}
			}
		}
	}
	d.rec.Actions = d.acts
	return exit, d.out.Record(&d.rec)
}

// action appends an action of one value.
func (d *decoder) action(kind sink.ActionKind, f *printf.Format, v sink.Value) {
	start := len(d.vals)
	d.vals = append(d.vals, v)
	d.acts = append(d.acts, sink.Action{Kind: kind, Format: f, Values: d.vals[start:len(d.vals):len(d.vals)]})
}

// args appends an action of kind whose format is that of field i of r and
// whose values are the NArgs argument fields after it, decoded.
func (d *decoder) args(kind sink.ActionKind, rec []byte, info *recInfo, r *codegen.Record, i int) {
	fd := r.Fields[i]
	start := len(d.vals)
	for k := i + 1; k <= i+fd.NArgs && k < len(r.Fields); k++ {
		d.vals = append(d.vals, d.value(rec, info, r.Fields[k], k))
	}
	d.acts = append(d.acts, sink.Action{Kind: kind, Format: fd.Format, Values: d.vals[start:len(d.vals):len(d.vals)]})
}

// tracemem returns the bytes of the tracemem() field i of r: only the
// first count of them when a count field follows and is smaller than the
// size.
func tracemem(rec []byte, r *codegen.Record, i int) []byte {
	fd := r.Fields[i]
	data := rec[fd.Offset : fd.Offset+fd.Size]
	if fd.NArgs > 0 && i+1 < len(r.Fields) {
		cf := r.Fields[i+1]
		if n := le.Uint64(rec[cf.Offset:]); n != 0 && n < uint64(len(data)) {
			data = data[:n]
		}
	}
	return data
}

// probe returns the probe of id (its id alone when unknown).
func (d *decoder) probe(id uint32) sink.Probe {
	if int(id) >= len(d.probes) {
		if id > 1<<20 {
			return d.lookup(id)
		}
		d.probes = append(d.probes, make([]probeInfo, int(id)+1-len(d.probes))...)
	}
	pi := &d.probes[id]
	if !pi.looked {
		pi.p, pi.looked = d.lookup(id), true
	}
	return pi.p
}

func (d *decoder) lookup(id uint32) sink.Probe {
	if d.reg != nil {
		if p := d.reg.Probe(id); p != nil {
			return sink.Probe{ID: id, Provider: p.Provider, Module: p.Module, Function: p.Function, Name: p.Name}
		}
	}
	return sink.Probe{ID: id}
}

// value decodes field f, the index'th of its record, whose recInfo is
// info: a string field whose bytes are those it held last decodes to the
// same string.
func (d *decoder) value(rec []byte, info *recInfo, f *codegen.Field, index int) sink.Value {
	b := rec[f.Offset : f.Offset+f.Size]
	if f.Sym != nil {
		return d.syms.value(b, f.Sym)
	}
	if info.addrs != nil && info.addrs[index] == 'a' {
		return d.syms.addrValue(b, int(f.Type.Resolve().Size))
	}
	if isString(f.Type) {
		if i := bytes.IndexByte(b, 0); i >= 0 {
			b = b[:i]
		}
		sc := &info.strs[index]
		if sc.b == nil || !bytes.Equal(sc.b, b) {
			sc.s = string(b)
			sc.b = append(sc.b[:0], b...)
		}
		return sink.String(sc.s, d.prog.StrSize)
	}
	return decode(b, f.Type, d.prog.StrSize)
}

// isString reports whether a value of type t is recorded as a string: a
// string or a char array, not a char pointer (whose value is an address,
// which %p, %x and trace() print as such).
func isString(t *types.Type) bool {
	return t.IsString() || t.IsStringLike() && t.Resolve().Kind == types.Array
}

// decode turns bytes holding a value of type t into a sink value.
func decode(b []byte, t *types.Type, strsize int) sink.Value {
	if isString(t) {
		if i := bytes.IndexByte(b, 0); i >= 0 {
			b = b[:i]
		}
		return sink.String(string(b), strsize)
	}
	r := t.Resolve()
	size := int(r.Size)
	if size <= 0 || size > 8 {
		size = 8
	}
	v := le.Uint64(b)
	if r.Kind == types.Float {
		if size == 4 {
			return sink.Float32(math.Float32frombits(uint32(v)))
		}
		return sink.Float(math.Float64frombits(v))
	}
	if t.IsSigned() {
		return sink.Int(signExtend(v, size), size)
	}
	return sink.Uint(v&mask(size), size)
}

func mask(size int) uint64 {
	if size >= 8 {
		return ^uint64(0)
	}
	return 1<<(8*size) - 1
}

func signExtend(v uint64, size int) int64 {
	shift := uint(64 - 8*size)
	return int64(v<<shift) >> shift
}

// fault reports a fault record (abi.RecordFault) as Oracle's DTrace for
// Linux words it:
//
//	dtrace: error in dt_clause_N for probe ID P (prov:mod:func:name): FAULT at BPF pc PC
//
// where N is the clause's index in the program (from 0, in the order of
// the clauses across the programs), P the probe's id, and FAULT DTrace's
// words for the fault, with the address for a bad address, a bad
// alignment and a bad stack.
func (d *decoder) fault(rec []byte) error {
	fr, err := abi.ReadFault(rec)
	if err != nil {
		return fmt.Errorf("consume fault record: %w", err)
	}
	p := d.probe(fr.Probe)
	desc := fmt.Sprintf("ID %d", fr.Probe)
	if p.Provider != "" {
		desc = probe.Name(p.Provider, p.Module, p.Function, p.Name)
	}
	if err := d.out.Flush(); err != nil {
		return err
	}
	d.notify(sink.Notice{Kind: sink.NoticeFault, Probe: p, Fault: &fr,
		Message: fmt.Sprintf("error in dt_clause_%d for probe ID %d (%s): %s at BPF pc %d",
			fr.Clause, fr.Probe, desc, fr.Fault.Describe(fr.Addr), fr.PC)})
	return nil
}

// errNoAggMaps is returned when a record acts on aggregations and the
// decoder was given no maps.
var errNoAggMaps = errors.New("no aggregation maps")
