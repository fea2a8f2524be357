package session

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/cilium/ebpf"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/dscript/output"
	"github.com/dtrace-go/dtrace/dscript/types"
	"github.com/dtrace-go/dtrace/providers"
)

// Printer is the Consumer that prints records as dtrace(1) does.
type Printer struct {
	p    *output.Printer
	w    *bufio.Writer // what p writes to, flushed after each batch
	prog *codegen.Program
	reg  *providers.Registry
	maps map[string]*ebpf.Map
	// aggs holds what the consumer keeps of each aggregation between
	// printings: its normalization and whether printa printed it.
	aggs []*output.Aggregation
	// stderr receives run-time warnings (see SetStderr).
	stderr io.Writer

	// What Record needs to know of each record (by record id) and probe
	// (by probe id), found once; the values of a printf(), reused.
	recs   []recInfo
	probes []probeInfo
	vals   []output.Value

	sym *symbols // address resolution (stack.go)

	sys sysState // system() and freopen() (destructive.go)
	// specs holds the records of speculations (spec.go).
	specs specBufs
}

// recInfo is what the consumer works out once about a record.
type recInfo struct {
	firing bool       // the record prints a firing line
	strs   []strCache // by field: the field's last string
	addrs  []byte     // by field: 'a' for an integer printed by %a (stack.go); nil if none
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
	p      *providers.Probe
	looked bool
}

// NewPrinter returns a Consumer printing to w with the given options,
// buffering its writes between batches of records.
func NewPrinter(w io.Writer, opt output.Options) *Printer {
	bw := bufio.NewWriterSize(w, 256<<10)
	return &Printer{p: output.New(bw, opt), w: bw, stderr: os.Stderr, sys: sysState{base: w}}
}

// Flush implements Consumer.
func (c *Printer) Flush() error { return c.w.Flush() }

// Begin implements Consumer.
func (c *Printer) Begin(prog *codegen.Program, reg *providers.Registry, m map[string]*ebpf.Map) {
	c.prog, c.reg, c.maps = prog, reg, m
	prefetchSymbols(prog)
	c.recs = make([]recInfo, len(prog.Records))
	for i, r := range prog.Records {
		// A record holding only aggregation actions prints no firing
		// line.
		firing := len(r.Fields) == 0
		for _, fd := range r.Fields {
			if fd.Kind != codegen.FieldPrinta && fd.Kind != codegen.FieldClear && fd.Kind != codegen.FieldTrunc &&
				fd.Kind != codegen.FieldNormalize && fd.Kind != codegen.FieldDenormalize && fd.Kind != codegen.FieldArg {
				firing = true
			}
		}
		c.recs[i] = recInfo{firing: firing, strs: make([]strCache, len(r.Fields)), addrs: printfAddrs(r)}
	}
	for _, a := range prog.Aggs {
		c.aggs = append(c.aggs, &output.Aggregation{ID: a.ID + 1, Name: a.Name, Agg: a.Agg})
	}
	// Check each format against its arguments once, which sizes its
	// conversions for printing.
	for _, r := range prog.Records {
		for i, f := range r.Fields {
			switch {
			case f.Kind == codegen.FieldPrintf && f.Format != nil:
				var ts []*types.Type
				for _, a := range r.Fields[i+1 : i+1+f.NArgs] {
					ts = append(ts, a.Type)
				}
				f.Format.Check("printf", ts)
			case f.Kind == codegen.FieldPrinta && f.Format != nil && len(f.Aggs) > 0:
				a := prog.Aggs[f.Aggs[0]]
				f.Format.CheckPrinta(a.Keys, aggValueType(a))
			}
		}
	}
}

func aggValueType(a *codegen.Agg) *types.Type {
	if a.Func == abi.AggCount {
		return types.ULongType
	}
	return types.LongType
}

// Record implements Consumer.
func (c *Printer) Record(rec []byte) (*int, error) {
	if len(rec) < abi.HeaderSize {
		return nil, fmt.Errorf("consume record: %d bytes", len(rec))
	}
	if tag := le.Uint32(rec[12:]); tag != 0 {
		return c.speculative(rec, tag)
	}
	probeID := le.Uint32(rec[0:])
	recID := le.Uint32(rec[4:])
	cpu := le.Uint32(rec[8:])
	if recID == abi.RecordFault {
		return nil, c.fault(rec) // a runtime fault (see fault.go)
	}
	if recID == abi.RecordPID {
		c.notePID(rec) // a process to read while it runs (stack.go)
		return nil, nil
	}
	if int(recID) >= len(c.prog.Records) {
		return nil, fmt.Errorf("consume record: unknown record id %d", recID)
	}
	r := c.prog.Records[recID]
	if len(rec) < r.Size {
		return nil, fmt.Errorf("consume record %d: %d bytes, want %d", recID, len(rec), r.Size)
	}
	f := output.Firing{CPU: int(cpu), ID: probeID, EPID: recID}
	if p := c.probe(probeID); p != nil {
		f.Provider, f.Module, f.Func, f.Name = p.Provider, p.Module, p.Function, p.Name
	}
	info := &c.recs[recID]
	firing := info.firing
	if firing {
		if err := c.p.BeginFiring(f); err != nil {
			return nil, err
		}
	}
	var exit *int
	for i := 0; i < len(r.Fields); i++ {
		fd := r.Fields[i]
		switch fd.Kind {
		case codegen.FieldTrace:
			if err := c.p.Trace(c.value(rec, info, fd, i)); err != nil {
				return nil, err
			}
		case codegen.FieldPrintf:
			c.vals = c.vals[:0]
			for k := i + 1; k <= i+fd.NArgs && k < len(r.Fields); k++ {
				c.vals = append(c.vals, c.value(rec, info, r.Fields[k], k))
			}
			i += fd.NArgs
			if err := c.p.Printf(fd.Format, c.vals...); err != nil {
				return nil, err
			}
		case codegen.FieldSetopt:
			if err := c.setoptField(rec, r, f, r.Fields[i:]); err != nil {
				return nil, err
			}
			i += fd.NArgs
		case codegen.FieldSystem, codegen.FieldFreopen, codegen.FieldTracemem:
			n, err := c.sysField(rec, info, r, i, f)
			if err != nil {
				return nil, err
			}
			i += n
		case codegen.FieldExit:
			v := int(int32(le.Uint64(rec[fd.Offset:])))
			exit = &v
		case codegen.FieldPrinta:
			i += fd.NArgs
			if err := c.printa(fd); err != nil {
				return nil, err
			}
		case codegen.FieldClear:
			for _, id := range fd.Aggs {
				c.clear(id)
			}
		case codegen.FieldNormalize:
			v := le.Uint64(rec[r.Fields[i+1].Offset:])
			i += fd.NArgs
			for _, id := range fd.Aggs {
				c.aggs[id].Normal = v
			}
		case codegen.FieldDenormalize:
			for _, id := range fd.Aggs {
				c.aggs[id].Normal = 1
			}
		case codegen.FieldTrunc:
			n := int64(0)
			if fd.NArgs > 0 {
				n = int64(le.Uint64(rec[r.Fields[i+1].Offset:]))
			}
			i += fd.NArgs
			for _, id := range fd.Aggs {
				c.trunc(id, n)
			}
		}
	}
	if firing {
		if err := c.p.EndFiring(); err != nil {
			return nil, err
		}
	}
	return exit, nil
}

// probe returns the probe of id, or nil.
func (c *Printer) probe(id uint32) *providers.Probe {
	if int(id) >= len(c.probes) {
		if id > 1<<20 {
			return c.reg.Probe(id)
		}
		c.probes = append(c.probes, make([]probeInfo, int(id)+1-len(c.probes))...)
	}
	pi := &c.probes[id]
	if !pi.looked {
		pi.p, pi.looked = c.reg.Probe(id), true
	}
	return pi.p
}

// value decodes field f, the index'th of its record, whose recInfo is
// info: a string field whose bytes are those it held last decodes to the
// same string.
func (c *Printer) value(rec []byte, info *recInfo, f *codegen.Field, index int) output.Value {
	b := rec[f.Offset : f.Offset+f.Size]
	if f.Sym != nil {
		return c.symValue(b, f.Sym)
	}
	if info.addrs != nil && info.addrs[index] == 'a' {
		return c.addrValue(b, int(f.Type.Resolve().Size))
	}
	if f.Type.IsString() || f.Type.IsStringLike() {
		if i := bytes.IndexByte(b, 0); i >= 0 {
			b = b[:i]
		}
		sc := &info.strs[index]
		if sc.b == nil || !bytes.Equal(sc.b, b) {
			sc.s = string(b)
			sc.b = append(sc.b[:0], b...)
		}
		return output.String(sc.s, c.prog.StrSize)
	}
	return decode(b, f.Type, c.prog.StrSize)
}

// decode turns bytes holding a value of type t into an output value.
func decode(b []byte, t *types.Type, strsize int) output.Value {
	if t.IsString() || t.IsStringLike() {
		if i := bytes.IndexByte(b, 0); i >= 0 {
			b = b[:i]
		}
		return output.String(string(b), strsize)
	}
	size := int(t.Resolve().Size)
	if size <= 0 || size > 8 {
		size = 8
	}
	v := le.Uint64(b)
	if t.IsSigned() {
		return output.Int(signExtend(v, size), size)
	}
	return output.Uint(v&mask(size), size)
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

// snapshot reads aggregation id from the kernel, merging the CPUs' values.
func (c *Printer) snapshot(id int) (*output.Aggregation, error) {
	a := c.prog.Aggs[id]
	oa := c.aggs[id]
	oa.Entries = oa.Entries[:0]
	err := bpf.ForEachPerCPU(c.maps[a.Map], func(key []byte, vals bpf.PerCPUValues) error {
		v := a.Agg.Merge(vals)
		e := &output.Entry{Key: c.keys(a, key), Value: v.Value, Count: v.Count, Sum: v.Sum, SumSq: v.SumSq, Buckets: v.Buckets}
		oa.Entries = append(oa.Entries, e)
		return nil
	})
	oa.Entries = mergeEntries(a, oa.Entries)
	return oa, err
}

// keys decodes an aggregation's key bytes.
func (c *Printer) keys(a *codegen.Agg, key []byte) []output.Value {
	var vs []output.Value
	off := 0
	for i, t := range a.Keys {
		if i < len(a.KeySyms) && a.KeySyms[i] != nil {
			n := a.KeySyms[i].KeySize()
			vs = append(vs, c.symKeyValue(a.KeySyms[i], key[off:min(off+n, len(key))]))
			off += n
			continue
		}
		n := 8
		if t.IsString() || t.IsStringLike() {
			n = align8(c.prog.StrSize)
		}
		vs = append(vs, decode(key[off:off+n], t, c.prog.StrSize))
		off += n
	}
	return vs
}

// printa prints aggregations for printa().
func (c *Printer) printa(f *codegen.Field) error {
	var as []*output.Aggregation
	for _, id := range f.Aggs {
		a, err := c.snapshot(id)
		if err != nil {
			return err
		}
		as = append(as, a)
	}
	c.printaAddrs(f.Format, as)
	return c.p.Printa(f.Format, as...)
}

// clear zeroes an aggregation's values, keeping its keys, as clear() does.
func (c *Printer) clear(id int) {
	a := c.prog.Aggs[id]
	m := c.maps[a.Map]
	zero := make([][]byte, 0)
	bpf.ForEachPerCPU(m, func(key []byte, vals bpf.PerCPUValues) error {
		if len(zero) == 0 {
			for range vals {
				zero = append(zero, make([]byte, a.ValueSize))
			}
		}
		m.Update(key, zero, ebpf.UpdateExist)
		return nil
	})
}

// trunc removes all of an aggregation's entries, or all but the n with the
// largest values (the n smallest for a negative n), as trunc() does.
func (c *Printer) trunc(id int, n int64) {
	a := c.prog.Aggs[id]
	keep := func([]output.Value) bool { return false }
	if n != 0 {
		oa, err := c.snapshot(id)
		if err != nil {
			return
		}
		keep = output.Top(oa, int(n))
	}
	m := c.maps[a.Map]
	var doomed [][]byte
	bpf.ForEachPerCPU(m, func(key []byte, _ bpf.PerCPUValues) error {
		if !keep(c.keys(a, key)) {
			doomed = append(doomed, append([]byte(nil), key...))
		}
		return nil
	})
	for _, k := range doomed {
		m.Delete(k)
	}
}

// End implements Consumer: the aggregations not printed yet.
func (c *Printer) End() error {
	var as []*output.Aggregation
	for id := range c.prog.Aggs {
		a, err := c.snapshot(id)
		if err != nil {
			return err
		}
		as = append(as, a)
	}
	return c.p.Exit(as)
}
