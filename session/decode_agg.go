package session

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/cilium/ebpf"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/bpf"
	"github.com/dtrace-go/dtrace/dscript/codegen"
	"github.com/dtrace-go/dtrace/dscript/printf"
	"github.com/dtrace-go/dtrace/dscript/types"
	"github.com/dtrace-go/dtrace/sink"
)

// The decoder's side of the aggregations: snapshots of their per-CPU maps,
// merged, and the actions that change them.

// aggMap returns the map of aggregation a.
func (d *decoder) aggMap(a *codegen.Agg) (*ebpf.Map, error) {
	m := d.maps[a.Map]
	if m == nil {
		return nil, fmt.Errorf("read aggregation @%s: %w", a.Name, errNoAggMaps)
	}
	return m, nil
}

// forEachEntry calls fn with each of aggregation a's entries in its map
// m: the map's key, the aggregation's key bytes in it (past its id in a
// map aggregations share, codegen's Agg.Shared) and the CPUs' values.
func forEachEntry(a *codegen.Agg, m *ebpf.Map, fn func(mapKey, key []byte, vals bpf.PerCPUValues) error) error {
	return bpf.ForEachPerCPU(m, func(k []byte, vals bpf.PerCPUValues) error {
		if !a.Shared {
			return fn(k, k, vals)
		}
		if len(k) < 8 || le.Uint64(k) != uint64(a.ID) {
			return nil
		}
		return fn(k, k[8:min(len(k), 8+a.KeySize)], vals)
	})
}

// snapshot reads aggregation id from the kernel, merging the CPUs'
// values. The aggregation returned is the decoder's own, valid until the
// next snapshot of it.
func (d *decoder) snapshot(id int) (*sink.Aggregation, error) {
	a := d.prog.Aggs[id]
	sa := d.aggs[id]
	sa.Entries = sa.Entries[:0]
	m, err := d.aggMap(a)
	if err != nil {
		return nil, err
	}
	err = forEachEntry(a, m, func(_, key []byte, vals bpf.PerCPUValues) error {
		sa.Entries = append(sa.Entries, &sink.Entry{Key: d.keys(a, key), AggValue: a.Agg.Merge(vals)})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read aggregation @%s: %w", a.Name, err)
	}
	sa.Entries = mergeEntries(a, sa.Entries)
	return sa, nil
}

// keyFields calls yield with each field of aggregation a's key bytes: its
// index, its symbol kind (nil for a key that is not a stack or symbol)
// and its bytes, a symbol's cut short where the key is; it stops at a
// field past the key's end (a key whose layout the consumer does not
// know) or when yield returns false.
func (d *decoder) keyFields(a *codegen.Agg, key []byte, yield func(i int, si *abi.SymInfo, b []byte) bool) {
	off := 0
	for i, t := range a.Keys {
		if i < len(a.KeySyms) && a.KeySyms[i] != nil {
			n := a.KeySyms[i].KeySize()
			if !yield(i, a.KeySyms[i], key[min(off, len(key)):min(off+n, len(key))]) {
				return
			}
			off += n
			continue
		}
		n := codegen.KeySize(t, d.prog.StrSize)
		if off+n > len(key) || !yield(i, nil, key[off:off+n]) {
			return
		}
		off += n
	}
}

// keys decodes an aggregation's key bytes.
func (d *decoder) keys(a *codegen.Agg, key []byte) []sink.Value {
	var vs []sink.Value
	d.keyFields(a, key, func(i int, si *abi.SymInfo, b []byte) bool {
		if si != nil {
			vs = append(vs, d.syms.keyValue(si, b))
			return true
		}
		t := a.Keys[i]
		if codegen.KeyByValue(t) {
			b := b[:t.Resolve().Size]
			if r := t.Resolve(); (r.Kind == types.Struct || r.Kind == types.Union) && isIntSize(len(b)) {
				// DTrace records such a key as a record of its size,
				// which it prints as an integer (dt_print_datum).
				vs = append(vs, sink.Uint(le.Uint64(append(bytes.Clone(b), make([]byte, 8-len(b))...)), len(b)))
			} else {
				vs = append(vs, sink.Bytes(bytes.Clone(b)))
			}
		} else {
			vs = append(vs, decode(b, t, d.prog.StrSize))
		}
		return true
	})
	return vs
}

// printa returns the aggregations of a printa() field, snapshot, with the
// integer keys its format prints with %a resolved.
func (d *decoder) printa(f *codegen.Field) ([]*sink.Aggregation, error) {
	var as []*sink.Aggregation
	for _, id := range f.Aggs {
		a, err := d.snapshot(id)
		if err != nil {
			return nil, err
		}
		as = append(as, a)
	}
	d.printaAddrs(f.Format, as)
	return as, nil
}

// clear zeroes an aggregation's values, keeping its keys, as clear() does.
func (d *decoder) clear(id int) error {
	a := d.prog.Aggs[id]
	m, err := d.aggMap(a)
	if err != nil {
		return err
	}
	var keys [][]byte
	ncpu := 0
	err = forEachEntry(a, m, func(key, _ []byte, vals bpf.PerCPUValues) error {
		keys = append(keys, append([]byte(nil), key...))
		ncpu = len(vals)
		return nil
	})
	if err != nil {
		return fmt.Errorf("clear @%s: %w", a.Name, err)
	}
	zero := make([][]byte, ncpu)
	for i := range zero {
		zero[i] = make([]byte, a.ValueSize)
	}
	for _, k := range keys {
		// A key the kernel removed meanwhile is no error: it is cleared.
		if err := m.Update(k, zero, ebpf.UpdateExist); err != nil && !errorsIsNotExist(err) {
			return fmt.Errorf("clear @%s: %w", a.Name, err)
		}
	}
	return nil
}

// trunc removes all of an aggregation's entries, or all but the n with the
// largest values (the n smallest for a negative n), as trunc() does.
func (d *decoder) trunc(id int, n int64) error {
	a := d.prog.Aggs[id]
	m, err := d.aggMap(a)
	if err != nil {
		return err
	}
	keep := func([]sink.Value) bool { return false }
	if n != 0 {
		sa, err := d.snapshot(id)
		if err != nil {
			return fmt.Errorf("trunc @%s: %w", a.Name, err)
		}
		keep = sink.Top(sa, int(n))
	}
	var doomed [][]byte
	err = forEachEntry(a, m, func(mapKey, key []byte, _ bpf.PerCPUValues) error {
		if !keep(d.keys(a, key)) {
			doomed = append(doomed, append([]byte(nil), mapKey...))
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("trunc @%s: %w", a.Name, err)
	}
	for _, k := range doomed {
		if err := m.Delete(k); err != nil && !errorsIsNotExist(err) {
			return fmt.Errorf("trunc @%s: %w", a.Name, err)
		}
	}
	if err := d.dropStacks(a, doomed); err != nil {
		return fmt.Errorf("trunc @%s: %w", a.Name, err)
	}
	return nil
}

// dropStacks removes from the stack tables the stacks that keys of
// aggregation a, just removed, named and that no key of any aggregation
// names any more, so that a long run truncating the stacks it meets does
// not fill the tables. Their PCs are kept in the reader's cache first: a
// firing that found a stack just before its removal may still add a key
// naming it, and the stack is stored again when it is next met.
func (d *decoder) dropStacks(a *codegen.Agg, removed [][]byte) error {
	st := d.syms.stacks
	if st == nil || len(removed) == 0 || !hasSymKeys(a) || d.prog.StackValues {
		return nil
	}
	gone := map[stackRef]bool{}
	for _, k := range removed {
		d.stackRefs(a, k, func(r stackRef) { gone[r] = true })
	}
	if len(gone) == 0 {
		return nil
	}
	for _, b := range d.prog.Aggs {
		if !hasSymKeys(b) {
			continue
		}
		m, err := d.aggMap(b)
		if err != nil {
			return err
		}
		var prev any // nil: the first key
		key, next := make([]byte, m.KeySize()), make([]byte, m.KeySize())
		for {
			if err := m.NextKey(prev, &next); err != nil {
				if errors.Is(err, ebpf.ErrKeyNotExist) {
					break
				}
				return err
			}
			d.stackRefs(b, next, func(r stackRef) { delete(gone, r) })
			copy(key, next)
			prev = key
		}
	}
	for r := range gone {
		st.pcs(r.kind, r.id, 0)
		if m := st.maps[r.kind]; m != nil {
			if err := m.Delete(r.id); err != nil && !errorsIsNotExist(err) {
				return err
			}
		}
	}
	return nil
}

// stackRefs calls yield with each stack aggregation a's key names.
func (d *decoder) stackRefs(a *codegen.Agg, key []byte, yield func(stackRef)) {
	d.keyFields(a, key, func(_ int, si *abi.SymInfo, b []byte) bool {
		if si != nil && si.Kind.IsStack() {
			if r, ok := stackKeyRef(b); ok {
				yield(r)
			}
		}
		return true
	})
}

// End delivers every aggregation, snapshot, to the sink.
func (d *decoder) End() error {
	var as []*sink.Aggregation
	for id := range d.prog.Aggs {
		a, err := d.snapshot(id)
		if err != nil {
			return err
		}
		as = append(as, a)
	}
	return d.out.End(as)
}

// hasSymKeys reports whether aggregation a has stack or symbol keys.
func hasSymKeys(a *codegen.Agg) bool {
	for _, s := range a.KeySyms {
		if s != nil {
			return true
		}
	}
	return false
}

// mergeEntries merges the entries of aggregation a whose keys print the
// same: symbol keys of one function or module, and stacks that differ
// only in the machinery frames dropped from their tops.
func mergeEntries(a *codegen.Agg, es []*sink.Entry) []*sink.Entry {
	if !hasSymKeys(a) || len(es) < 2 {
		return es
	}
	byKey := map[string]*sink.Entry{}
	out := es[:0]
	for _, e := range es {
		id := keyID(e.Key)
		m, ok := byKey[id]
		if !ok {
			byKey[id] = e
			out = append(out, e)
			continue
		}
		a.Agg.Combine(&m.AggValue, e.AggValue)
	}
	return out
}

// keyID is an identity of a decoded key: what prints and sorts.
func keyID(key []sink.Value) string {
	var b strings.Builder
	for _, v := range key {
		b.WriteByte(byte(v.Kind))
		b.WriteString(v.Str)
		b.WriteByte(0)
		b.Write(le.AppendUint64(le.AppendUint64(le.AppendUint64(nil, v.Bits), v.PID), uint64(v.Size)))
		for _, f := range v.Frames {
			b.Write(le.AppendUint64(le.AppendUint64(nil, f.PC), f.FuncStart))
			b.WriteString(f.Module)
			b.WriteByte(0)
			b.WriteString(f.Func)
			b.WriteByte(0)
		}
		b.WriteByte(1)
		for _, pc := range v.PCs {
			b.Write(le.AppendUint64(nil, pc))
		}
		b.WriteByte(2)
	}
	return b.String()
}

// printfAddrs returns, for the fields of record r, which are integer
// arguments of a printf() %a conversion ('a'; nil when there are none):
// those are printed as kernel symbols. (An integer %A names a user address
// of $target's process, which is only known with -p or -c: the code
// generator records it as uaddr() records.)
func printfAddrs(r *codegen.Record) []byte {
	var marks []byte
	for i, f := range r.Fields {
		if f.Kind != abi.FieldPrintf || f.Format == nil {
			continue
		}
		arg := i + 1
		for _, cv := range f.Format.Convs {
			if cv.Print == printf.PrintPct {
				continue
			}
			if cv.Flags&printf.FlagDynWidth != 0 {
				arg++
			}
			if cv.Flags&printf.FlagDynPrec != 0 {
				arg++
			}
			if arg > i+f.NArgs || arg >= len(r.Fields) {
				break
			}
			if a := r.Fields[arg]; cv.Print == printf.PrintAddr && a.Sym == nil && !isString(a.Type) {
				if marks == nil {
					marks = make([]byte, len(r.Fields))
				}
				marks[arg] = 'a'
			}
			arg++
		}
	}
	return marks
}

// printaAddrs makes the integer keys a printa() format prints with %a
// kernel symbols, as printf's %a arguments are (see printfAddrs).
func (d *decoder) printaAddrs(f *printf.Format, as []*sink.Aggregation) {
	if f == nil {
		return
	}
	var keys []int // key positions printed by %a
	k := 0
	for _, cv := range f.Convs {
		if cv.Print == printf.PrintPct || cv.Flags&printf.FlagAgg != 0 {
			continue
		}
		if cv.Flags&printf.FlagDynWidth != 0 {
			k++
		}
		if cv.Flags&printf.FlagDynPrec != 0 {
			k++
		}
		if cv.Print == printf.PrintAddr {
			keys = append(keys, k)
		}
		k++
	}
	for _, a := range as {
		for _, e := range a.Entries {
			for _, i := range keys {
				if i < len(e.Key) && e.Key[i].Kind == sink.KindInt {
					e.Key[i] = d.syms.addrValue(le.AppendUint64(nil, e.Key[i].Bits), 8)
				}
			}
		}
	}
}

// errorsIsNotExist reports whether err says a map key does not exist.
func errorsIsNotExist(err error) bool { return errors.Is(err, ebpf.ErrKeyNotExist) }

// isIntSize reports whether n bytes are an integer's size.
func isIntSize(n int) bool { return n == 1 || n == 2 || n == 4 || n == 8 }
