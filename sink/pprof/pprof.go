// Package pprof writes aggregations as pprof profiles
// (github.com/google/pprof/profile), the format of go tool pprof, Parca,
// Pyroscope and speedscope.
//
// Each aggregation is a sample type named after it (the anonymous one
// after its function) whose unit is "count" for count() and the
// quantizations, the unit of the aggregated values where the program
// makes it known ("nanoseconds", "bytes"), else the function's name.
// Each key of an aggregation is a sample: its stack keys (stack(),
// ustack(), jstack()) are the sample's locations, leaf first, kernel
// frames before user ones (the user code called into the kernel); its
// other keys are labels named after the keys (sink.KeyInfo): strings and
// symbols as string labels, integers as numeric labels with their unit.
// Aggregations keyed alike share their samples, which then hold a value
// for each. A quantization gives one sample per non-empty bucket, with a
// numeric label "bucket" holding the bucket's lower bound.
//
// Frames are written with the names the runner resolved them to while the
// processes lived, and their addresses: a profile needs neither the
// binaries nor a vmlinux to be read. Kernel frames are in a mapping
// "[kernel.kallsyms]" (with its relocation symbol, _text, as perf names
// it) holding the kernel's build ID, kernel modules' in one each, user
// frames in one mapping per object a process mapped, with its path,
// addresses, file offset and build ID; executables' mappings come first
// (the objects whose names are not a shared object's, *.so*).
//
// It is part of dtrace-go's API.
package pprof

import (
	"compress/gzip"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/google/pprof/profile"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/sink"
	"github.com/dtrace-go/dtrace/symtab"
)

// Options are what a profile holds besides the aggregations.
type Options struct {
	// Program describes the aggregations' keys and units and the
	// programs' sources, which become the profile's comments. Nil:
	// keys are named key1, key2...
	Program *sink.Program
	// Start and End bound the time the profile covers (its TimeNanos and
	// DurationNanos); zero: unknown.
	Start, End time.Time
}

// Build returns the profile of aggs. The profile passes CheckValid.
func Build(aggs []*sink.Aggregation, o Options) (*profile.Profile, error) {
	b := newBuilder(len(aggs), o.Program)
	for i, a := range aggs {
		b.add(i, a)
	}
	p := b.finish(aggs)
	if !o.Start.IsZero() {
		p.TimeNanos = o.Start.UnixNano()
		if !o.End.IsZero() && o.End.After(o.Start) {
			p.DurationNanos = o.End.Sub(o.Start).Nanoseconds()
		}
	}
	if o.Program != nil {
		for _, s := range o.Program.Sources {
			p.Comments = append(p.Comments, "dtrace program "+s.Name+":")
			p.Comments = append(p.Comments, strings.Split(strings.TrimRight(s.Text, "\n"), "\n")...)
		}
	}
	if err := p.CheckValid(); err != nil {
		return nil, fmt.Errorf("build profile: %w", err)
	}
	return p, nil
}

// Write writes the profile of aggs to w, gzipped.
func Write(w io.Writer, aggs []*sink.Aggregation, o Options) error {
	p, err := Build(aggs, o)
	if err != nil {
		return err
	}
	// Compressed as fast as can be, as Go's runtime compresses its
	// profiles: a large profile is written in half the time, for a
	// tenth more bytes.
	zw, err := gzip.NewWriterLevel(w, gzip.BestSpeed)
	if err != nil {
		return err
	}
	if err := p.WriteUncompressed(zw); err != nil {
		return fmt.Errorf("write profile: %w", err)
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("write profile: %w", err)
	}
	return nil
}

// Sink is a sink.Sink that writes every aggregation to a writer as a
// profile once tracing has ended (End).
type Sink struct {
	w     io.Writer
	opt   Options
	ended bool
}

// New returns a Sink writing to w; the profile covers the time from now
// until End.
func New(w io.Writer, prog *sink.Program) *Sink {
	return &Sink{w: w, opt: Options{Program: prog, Start: time.Now()}}
}

// Record implements sink.Sink: records are not profiled.
func (s *Sink) Record(*sink.Record) error { return nil }

// Flush implements sink.Sink.
func (s *Sink) Flush() error { return nil }

// End implements sink.Sink: it writes the profile.
func (s *Sink) End(aggs []*sink.Aggregation) error {
	if s.ended {
		return nil
	}
	s.ended = true
	o := s.opt
	o.End = time.Now()
	return Write(s.w, aggs, o)
}

// builder makes a profile's tables.
type builder struct {
	prog    *sink.Program
	naggs   int
	samples map[string]*profile.Sample
	order   []*profile.Sample
	maps    map[mapKey]*mapInfo
	byPtr   map[*symtab.Mapping]*mapInfo
	mapList []*mapInfo
	locs    map[locKey]*profile.Location
	locList []*profile.Location
	funcs   map[funcKey]*profile.Function
	fnList  []*profile.Function
	id      []byte // scratch: a sample's identity
}

type mapKey struct {
	path, buildID        string
	start, limit, offset uint64
	kernel               bool
}

type mapInfo struct {
	m      *profile.Mapping
	kernel bool
	exe    bool
}

// locKey identifies a location: its address in its mapping (in its
// process when it has none, or maps no file: the same address of
// anonymous memory in two processes may hold different code, which their
// perf maps name).
type locKey struct {
	m   *mapInfo
	pc  uint64
	pid uint64
}

type funcKey struct{ name, module string }

func newBuilder(naggs int, prog *sink.Program) *builder {
	return &builder{
		prog:    prog,
		naggs:   naggs,
		samples: map[string]*profile.Sample{},
		maps:    map[mapKey]*mapInfo{},
		byPtr:   map[*symtab.Mapping]*mapInfo{},
		locs:    map[locKey]*profile.Location{},
		funcs:   map[funcKey]*profile.Function{},
	}
}

// add adds aggregation a, the i'th sample type.
func (b *builder) add(i int, a *sink.Aggregation) {
	info := b.prog.Agg(a)
	for _, e := range a.Entries {
		if !a.Func.IsQuantization() {
			s := b.sample(a, info, e.Key, nil)
			s.Value[i] += a.Scalar(e)
			continue
		}
		for _, bk := range a.Buckets(e) {
			s := b.sample(a, info, e.Key, &bk)
			s.Value[i] += bk.Count
		}
	}
}

// sample returns the sample of key (and bucket bk, if not nil), made on
// first use.
func (b *builder) sample(a *sink.Aggregation, info *sink.AggInfo, key []sink.Value, bk *sink.Bucket) *profile.Sample {
	if b.naggs == 1 {
		// An aggregation's keys differ: no sample is shared.
		return b.newSample(info, key, bk)
	}
	id := b.id[:0]
	for i, v := range key {
		id = append(id, info.KeyName(i)...)
		id = append(id, 0, byte(v.Kind))
		id = strconv.AppendUint(id, v.Bits, 16)
		id = append(id, ':')
		id = strconv.AppendUint(id, v.PID, 16)
		id = append(id, ':')
		id = append(id, v.Str...)
		id = append(id, 0)
		id = append(id, v.Bytes...)
		id = append(id, 0)
		for _, f := range v.Frames {
			id = strconv.AppendUint(id, f.PC, 16)
			id = append(id, ',')
			id = append(id, f.Func...)
			id = append(id, ',')
		}
		id = append(id, 1)
	}
	if bk != nil {
		id = append(id, 2)
		id = strconv.AppendInt(id, bk.Min, 16)
		id = append(id, ':')
		id = append(id, info.Unit...)
	}
	b.id = id
	if s, ok := b.samples[string(id)]; ok {
		return s
	}
	s := b.newSample(info, key, bk)
	b.samples[string(id)] = s
	return s
}

// newSample returns a new sample of key (and bucket bk, if not nil).
func (b *builder) newSample(info *sink.AggInfo, key []sink.Value, bk *sink.Bucket) *profile.Sample {
	s := &profile.Sample{Value: make([]int64, b.naggs)}
	b.order = append(b.order, s)
	b.keys(s, info, key)
	if bk != nil {
		b.numLabel(s, "bucket", bk.Min, info.Unit)
	}
	return s
}

// keys sets the locations and labels of sample s from key.
func (b *builder) keys(s *profile.Sample, info *sink.AggInfo, key []sink.Value) {
	n := 0
	for _, v := range key {
		if v.Kind == sink.KindStack || v.Kind == sink.KindUStack {
			n += len(v.Frames)
		}
	}
	if n > 0 {
		s.Location = make([]*profile.Location, 0, n)
	}
	// Kernel stacks first: the user code called into the kernel.
	for _, user := range []bool{false, true} {
		for _, v := range key {
			if v.Kind == sink.KindStack && !user {
				b.stack(s, 0, v.Frames, true)
			} else if v.Kind == sink.KindUStack && user {
				b.stack(s, v.PID, v.Frames, false)
			}
		}
	}
	for i, v := range key {
		name := info.KeyName(i)
		switch v.Kind {
		case sink.KindStack, sink.KindUStack:
		case sink.KindInt:
			n := v.Int()
			if !v.Signed {
				n = int64(v.Uint())
			}
			b.numLabel(s, name, n, info.KeyUnit(i))
		case sink.KindString:
			b.label(s, name, v.Str)
			if i < len(info.Keys) && info.Keys[i].Cgroup {
				// The container and pod of a cgroup's path.
				id, pod := sink.Container(v.Str)
				for j, l := range []string{id, pod} {
					if l != "" {
						b.label(s, sink.ContainerLabels[j], l)
					}
				}
			}
		case sink.KindFloat:
			b.label(s, name, strconv.FormatFloat(math.Float64frombits(v.Bits), 'g', -1, 64))
		case sink.KindSym, sink.KindUSym:
			f := v.Frame()
			b.label(s, name, sink.SymName(f.Module, f.Func, f.PC))
		case sink.KindUAddr:
			f := v.Frame()
			b.label(s, name, sink.FrameName(f.Module, f.Func, f.FuncStart, f.PC))
		case sink.KindMod, sink.KindUMod:
			f := v.Frame()
			b.label(s, name, sink.ModName(f.Module, f.PC))
		case sink.KindBytes:
			b.label(s, name, fmt.Sprintf("%x", v.Bytes))
		}
	}
}

func (b *builder) label(s *profile.Sample, name, v string) {
	if s.Label == nil {
		s.Label = map[string][]string{}
	}
	s.Label[name] = append(s.Label[name], v)
}

func (b *builder) numLabel(s *profile.Sample, name string, v int64, unit string) {
	if s.NumLabel == nil {
		s.NumLabel = map[string][]int64{}
	}
	s.NumLabel[name] = append(s.NumLabel[name], v)
	// NumUnit, when it has a name, has a unit for each of its values.
	if unit == "" && s.NumUnit[name] == nil {
		return
	}
	if s.NumUnit == nil {
		s.NumUnit = map[string][]string{}
	}
	us := s.NumUnit[name]
	for len(us) < len(s.NumLabel[name])-1 {
		us = append(us, "")
	}
	s.NumUnit[name] = append(us, unit)
}

// stack appends a stack's frames (leaf first) to s's locations.
func (b *builder) stack(s *profile.Sample, pid uint64, frames []sink.Frame, kernel bool) {
	for _, f := range frames {
		s.Location = append(s.Location, b.location(pid, f, kernel))
	}
}

// location returns the location of frame f (of process pid for a user
// frame), made on first use.
func (b *builder) location(pid uint64, f sink.Frame, kernel bool) *profile.Location {
	mi := b.mapping(f.Mapping, kernel)
	k := locKey{m: mi, pc: f.PC}
	if !kernel && (mi == nil || !isFile(f.Mapping.Path)) {
		k.pid = pid
	}
	if l, ok := b.locs[k]; ok {
		return l
	}
	l := &profile.Location{Address: f.PC}
	if mi != nil {
		l.Mapping = mi.m
	}
	if f.Func != "" {
		l.Line = []profile.Line{{Function: b.function(f.Func, f.Module)}}
	}
	b.locs[k] = l
	b.locList = append(b.locList, l)
	return l
}

// function returns the function name of module, made on first use.
func (b *builder) function(name, module string) *profile.Function {
	k := funcKey{name, module}
	if fn, ok := b.funcs[k]; ok {
		return fn
	}
	fn := &profile.Function{Name: name, SystemName: name}
	b.funcs[k] = fn
	b.fnList = append(b.fnList, fn)
	return fn
}

// mapping returns the profile's mapping of m (nil when m is).
func (b *builder) mapping(m *symtab.Mapping, kernel bool) *mapInfo {
	if m == nil {
		return nil
	}
	mi, ok := b.byPtr[m]
	if !ok {
		mi = b.newMapping(m, kernel)
		b.byPtr[m] = mi
	}
	return mi
}

// newMapping returns the profile's mapping of m, made on first use (a
// process read again has new symtab.Mappings for the same ones).
func (b *builder) newMapping(m *symtab.Mapping, kernel bool) *mapInfo {
	k := mapKey{path: m.Path, buildID: m.BuildID, start: m.Start, limit: m.Limit, offset: m.Offset, kernel: kernel}
	mi, ok := b.maps[k]
	if !ok {
		pm := &profile.Mapping{Start: m.Start, Limit: m.Limit, Offset: m.Offset, File: m.Path, BuildID: m.BuildID}
		if m.RelocSymbol != "" {
			// As perf_to_profile names it, which pprof reads back.
			pm.File = m.Path + m.RelocSymbol
			pm.KernelRelocationSymbol = m.RelocSymbol
		}
		mi = &mapInfo{m: pm, kernel: kernel, exe: !kernel && isExecutable(m.Path)}
		b.maps[k] = mi
		b.mapList = append(b.mapList, mi)
	}
	return mi
}

// isExecutable reports whether a mapping's path names an executable: a
// file that is not a shared object ("libc.so.6", "ld-linux-x86-64.so.2").
func isExecutable(path string) bool {
	return isFile(path) && !strings.Contains(filepath.Base(path), ".so")
}

// isFile reports whether a mapping's path names a file ("", "[vdso]",
// "[heap]" do not).
func isFile(path string) bool { return path != "" && path[0] != '[' }

// finish returns the profile, its tables numbered.
func (b *builder) finish(aggs []*sink.Aggregation) *profile.Profile {
	p := &profile.Profile{Sample: b.order}
	def := -1
	for i, a := range aggs {
		info := b.prog.Agg(a)
		p.SampleType = append(p.SampleType, &profile.ValueType{Type: typeName(a), Unit: unit(a, info)})
		if def < 0 && hasStack(a, info) {
			def = i
		}
		if info.Period > 0 && (p.Period == 0 || i == def) {
			p.PeriodType = &profile.ValueType{Type: "cpu", Unit: "nanoseconds"}
			p.Period = info.Period.Nanoseconds()
		}
	}
	if def < 0 && len(aggs) > 0 {
		def = 0
	}
	if def >= 0 {
		p.DefaultSampleType = p.SampleType[def].Type
	}
	// Executables first, then the other objects, in the order they were
	// met; the kernel's last.
	for _, pass := range []func(*mapInfo) bool{
		func(mi *mapInfo) bool { return !mi.kernel && mi.exe },
		func(mi *mapInfo) bool { return !mi.kernel && !mi.exe },
		func(mi *mapInfo) bool { return mi.kernel },
	} {
		for _, mi := range b.mapList {
			if pass(mi) {
				mi.m.ID = uint64(len(p.Mapping) + 1)
				// Symbolized: what the runner could not resolve
				// while the processes lived stays an address, and
				// pprof must not ask a server (a /debug/pprof/NAME
				// fetch) to symbolize it.
				mi.m.HasFunctions = true
				p.Mapping = append(p.Mapping, mi.m)
			}
		}
	}
	for i, l := range b.locList {
		l.ID = uint64(i + 1)
	}
	p.Location = b.locList
	for i, fn := range b.fnList {
		fn.ID = uint64(i + 1)
	}
	p.Function = b.fnList
	return p
}

// typeName is an aggregation's sample type: its name, or its function's
// for the anonymous aggregation.
func typeName(a *sink.Aggregation) string {
	if a.Name != "" {
		return a.Name
	}
	return a.Func.String()
}

// unit is the unit of an aggregation's values.
func unit(a *sink.Aggregation, info *sink.AggInfo) string {
	switch {
	case a.Func == abi.AggCount || a.Func.IsQuantization():
		return "count"
	case info.Unit != "":
		return info.Unit
	}
	return a.Func.String()
}

// hasStack reports whether aggregation a has a stack key.
func hasStack(a *sink.Aggregation, info *sink.AggInfo) bool {
	for _, e := range a.Entries {
		for _, v := range e.Key {
			if v.Kind == sink.KindStack || v.Kind == sink.KindUStack {
				return true
			}
		}
		return false
	}
	for _, k := range info.Keys {
		if k.Stack {
			return true
		}
	}
	return false
}
