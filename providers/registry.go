package providers

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/dtrace-go/dtrace/probe"
)

// Registry holds the providers of a dtrace run and the probes they offer,
// and gives every probe its id.
//
// Ids start at 1 and are dense, and do not depend on what was matched
// first: the providers' probes are numbered in registration order, each
// provider's in the order its Probes method returns them, so that a probe
// has the same id under dtrace -l as in the trace output of any run on the
// same system. A provider is enumerated only when a description could
// match one of its probes, together with the providers registered before
// it. A probe made on demand (profile-1234, or the probes of a provider
// made on demand, pid1234:libc.so.6:malloc:entry) gets the next free id
// after every listed probe of every provider, as DTrace gives the next id
// to a probe it creates: the same descriptions matched in the same order
// give the same ids.
//
// A Registry is safe for concurrent use.
type Registry struct {
	mu        sync.Mutex
	provs     []*entry
	byName    map[string]*entry
	probes    []*Probe // probes[id-1]
	factories []Factory
}

// A Factory makes providers on demand from their names, as DTrace makes
// the pid provider of process 1234, pid1234, when a description first
// names it.
type Factory interface {
	// NewProvider returns the provider called name, or nil when name is
	// not one of the factory's. An error says that name is one of its but
	// the provider could not be made (no such process).
	NewProvider(name string) (Provider, error)
}

// A Namer is a Factory that can say which of the providers it makes a
// pattern matches (the USDT providers of every process, python*): the
// registry asks it when a description's provider field is a pattern with
// at least one character that is not a wildcard, so that descriptions
// such as :::BEGIN or *:::entry never make it look.
type Namer interface {
	// Names returns the names of the providers the factory could make
	// now that match pattern.
	Names(pattern string) ([]string, error)
}

// An Expander is a provider whose probes are made as descriptions name
// them, patterns included (pid1234:libc.so.6:str*:entry): the registry
// asks it for the probes of every description that names the provider
// (a provider field that is a pattern matches the probes made so far
// only), and gives
// the probes it has not seen before the next ids, after every listed
// probe, in the order Expand returns them. A probe returned twice (the
// same module, function and name) keeps its first id.
type Expander interface {
	// Expand returns the provider's probes that the three fields (names
	// or patterns, empty matching anything) match, making those that do
	// not exist yet. The probes it returns are those the description
	// matches, as the provider decides: Expand may name a probe by a
	// canonical name the fields do not spell (the preferred of a
	// function's aliases). An error says the description is invalid.
	Expand(module, function, name string) ([]*Probe, error)
}

// A Wide provider makes the probes of every process of a family of
// providers made per process (pid* of pidNNN, python* of pythonNNN),
// present and future: a description whose provider field is a pattern
// over every process id of the family (Covers) expands it (it is an
// Expander), and not the family's providers of single processes, which
// it covers. A provider field of wildcards only (*, or none) matches the
// probes it made so far, as it matches an Expander's.
type Wide interface {
	Expander
	// Family is the name the family's providers of one process add
	// their pid to (pid, python).
	Family() string
	// Covers reports whether a provider pattern matches the family's
	// name followed by any process id.
	Covers(pattern string) bool
}

// A PatternExpander is an Expander whose probes a provider pattern
// makes, as a name does, when ExpandsFor says so (p*d1234 for pid1234);
// other patterns match the probes it made so far.
type PatternExpander interface {
	Expander
	ExpandsFor(pattern string) bool
}

// A Member is a provider of one process of a family (pid1234 of pid): a
// description that a Wide provider of its family covers does not match
// it.
type Member interface {
	Family() string
}

// An Omitter is a provider that leaves out probes the descriptions match,
// and can say which: the pid provider makes no return probe for a
// function where it finds no return.
type Omitter interface {
	// Omitted returns the probes the descriptions expanded so far
	// matched but that were not made, each once, and why.
	Omitted() []Omission
}

// Omission is a probe a description matched that its provider did not
// make, and why ("no return instruction").
type Omission struct {
	Provider, Module, Function, Name string
	Why                              string
}

// Omitted returns what every Omitter of the registry left out so far, in
// provider order.
func (r *Registry) Omitted() []Omission {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []Omission
	for _, e := range r.provs {
		if o, ok := e.prov.(Omitter); ok {
			out = append(out, o.Omitted()...)
		}
	}
	return out
}

// OmittedNotice is dtrace's one-line warning of the return probes that
// were not made: "3 functions have no return probe: prog`_start,
// libc.so.6`abort (no return instruction); libc.so.6`pkey_get (code not
// decoded)", naming 8 functions a reason at most; "" for none.
func OmittedNotice(os []Omission) string {
	var whys []string
	byWhy := map[string][]string{}
	n := 0
	for _, o := range os {
		if o.Name != "return" {
			continue
		}
		if byWhy[o.Why] == nil {
			whys = append(whys, o.Why)
		}
		byWhy[o.Why] = append(byWhy[o.Why], o.Module+"`"+o.Function)
		n++
	}
	if n == 0 {
		return ""
	}
	const most = 8
	var parts []string
	for _, why := range whys {
		fns := byWhy[why]
		list := strings.Join(fns[:min(len(fns), most)], ", ")
		if len(fns) > most {
			list += fmt.Sprintf(" and %d more", len(fns)-most)
		}
		parts = append(parts, list+" ("+why+")")
	}
	if n == 1 {
		return "1 function has no return probe: " + parts[0]
	}
	return fmt.Sprintf("%d functions have no return probe: %s", n, strings.Join(parts, "; "))
}

// AddFactory adds a factory the registry asks for the providers it does
// not have, in the order they were added.
func (r *Registry) AddFactory(f Factory) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.factories = append(r.factories, f)
}

// make returns the provider called name made by a factory and registers
// it, or nil when no factory makes it. r.mu is held.
func (r *Registry) make(name string) (*entry, error) {
	for _, f := range r.factories {
		p, err := f.NewProvider(name)
		if err != nil {
			return nil, fmt.Errorf("make provider %s: %w", name, err)
		}
		if p == nil {
			continue
		}
		if p.Name() != name {
			return nil, fmt.Errorf("make provider %s: the factory made %s", name, p.Name())
		}
		e := &entry{prov: p, name: name}
		r.provs = append(r.provs, e)
		r.byName[name] = e
		return e, nil
	}
	return nil, nil
}

// entry is a provider and what the registry knows of its probes.
type entry struct {
	prov   Provider
	name   string
	listed bool
	err    error // from Probes, when listing failed
	probes []*Probe
	// reserved says reserve counted the probes of the Streamer and
	// reserved their ids, count of them from first, without making them
	// (their places in the registry's table nil) unless listed says it
	// did since.
	reserved bool
	first    uint32
	count    int
	// byName indexes probes by their name field, the field most
	// descriptions spell out (entry, return, BEGIN, netif_receive_skb).
	byName map[string][]*Probe
	// byKey finds a probe by module, function and name. Built apart
	// from byName, when a probe is first looked up by its key: for fbt's
	// 110,000 probes it is the costlier index, which matching by name
	// does not need.
	byKey map[key]*Probe
}

type key struct{ mod, fn, name string }

// NameChecker is implemented by providers that can tell cheaply, without
// making their probes, whether one of them has a given name. The registry
// then enumerates them only for descriptions that could match.
type NameChecker interface {
	HasName(name string) bool
}

// A Streamer is a provider that can pass its probes to a listing one at a
// time, without making them all: Each lists it so, and a match made
// later enumerates it as any other, its probes then made with the same
// ids. For fbt's 110,000 probes, making them was most of the memory of
// dtrace -l, and each page of memory a process touches costs a fault.
type Streamer interface {
	// NumProbes returns the number of probes Probes returns, or the
	// error it would return.
	NumProbes() (int, error)
	// EachProbe calls yield with each probe Probes returns, in the same
	// order, until yield returns false. It may pass the same Probe each
	// time, its fields changed; the registry sets its ID (and Provider,
	// where empty) before yield sees it.
	EachProbe(yield func(*Probe) bool)
}

// NewRegistry returns a registry holding provs, in that order.
func NewRegistry(provs ...Provider) (*Registry, error) {
	r := &Registry{byName: make(map[string]*entry)}
	for _, p := range provs {
		if err := r.Register(p); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// Register adds a provider. Its probes are enumerated only when needed.
func (r *Registry) Register(p Provider) error {
	name := p.Name()
	if name == "" || probe.IsGlob(name) {
		return fmt.Errorf("invalid provider name %q", name)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.byName[name]; ok {
		return fmt.Errorf("provider %s registered twice", name)
	}
	e := &entry{prov: p, name: name}
	r.provs = append(r.provs, e)
	r.byName[name] = e
	return nil
}

// Provider returns the provider called name, or nil.
func (r *Registry) Provider(name string) Provider {
	r.mu.Lock()
	defer r.mu.Unlock()
	if e := r.byName[name]; e != nil {
		return e.prov
	}
	return nil
}

// Probe returns the probe with the given id, or nil when no probe has it
// (yet).
func (r *Registry) Probe(id uint32) *Probe {
	r.mu.Lock()
	defer r.mu.Unlock()
	if id == 0 || int(id) > len(r.probes) {
		return nil
	}
	if r.probes[id-1] == nil {
		// A Streamer's, only counted so far (reserve): made now.
		for _, e := range r.provs {
			if e.reserved && id >= e.first && int(id-e.first) < e.count {
				r.enumerateOne(e)
			}
		}
	}
	return r.probes[id-1]
}

// List returns every probe of every provider, in id order: what dtrace -l
// lists. A provider that cannot list its probes (no tracefs, say) is left
// out; the errors are returned with the probes of the others.
func (r *Registry) List() ([]*Probe, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	var errs []error
	for _, e := range r.provs {
		if err := r.enumerate(e); err != nil {
			errs = append(errs, err)
		}
	}
	// Places reserved by a Streamer that failed to make its probes
	// stay empty.
	return slices.DeleteFunc(slices.Clone(r.probes), func(p *Probe) bool { return p == nil }), errors.Join(errs...)
}

// Each lists every provider, as List does, and calls yield with each
// probe in id order until it returns false: List without the slice, for
// listing every probe once (dtrace -l, over 100,000 probes with fbt's).
// The probes of a Streamer not enumerated yet are counted, their ids
// reserved, and passed to yield as the Streamer makes them, not kept: a
// Probe passed may change after yield returns. Probes made later are not
// passed. yield may call the registry.
func (r *Registry) Each(yield func(*Probe) bool) error {
	r.mu.Lock()
	var errs []error
	for _, e := range r.provs {
		if err := r.reserve(e); err != nil {
			errs = append(errs, err)
		}
	}
	// The table as it is now: filling it later (a Streamer's probes
	// made) makes a new one, and appending writes past this length.
	ps := r.probes[:len(r.probes):len(r.probes)]
	streams := map[uint32]*entry{}
	for _, e := range r.provs {
		if e.reserved && !e.listed {
			streams[e.first] = e
		}
	}
	r.mu.Unlock()
	for i := 0; i < len(ps); {
		if p := ps[i]; p != nil {
			if !yield(p) {
				break
			}
			i++
			continue
		}
		e := streams[uint32(i+1)]
		if e == nil {
			i++ // a Streamer that failed to make the probes it counted
			continue
		}
		id, stop := e.first, false
		e.prov.(Streamer).EachProbe(func(p *Probe) bool {
			if p.Provider == "" {
				p.Provider = e.name
			}
			p.ID = id
			id++
			stop = !yield(p)
			return !stop
		})
		if stop {
			break
		}
		i += e.count
	}
	return errors.Join(errs...)
}

// reserve enumerates e as enumerateOne does, but only counts the probes of
// a Streamer, reserving their ids.
func (r *Registry) reserve(e *entry) error {
	if e.reserved && !e.listed {
		return nil
	}
	s, ok := e.prov.(Streamer)
	if !ok || e.listed {
		return r.enumerateOne(e)
	}
	n, err := s.NumProbes()
	if err != nil {
		e.listed = true
		e.err = &ListError{Provider: e.name, Err: err}
		return e.err
	}
	e.reserved, e.first, e.count = true, uint32(len(r.probes)+1), n
	r.probes = append(r.probes, make([]*Probe, n)...)
	return nil
}

// ListError reports a provider that could not list its probes: tracefs
// not mounted or not readable, say.
type ListError struct {
	Provider string
	Err      error
}

func (e *ListError) Error() string { return "list " + e.Provider + " probes: " + e.Err.Error() }

func (e *ListError) Unwrap() error { return e.Err }

// Errors returns the errors of the providers that failed to list their
// probes so far, in registration order.
func (r *Registry) Errors() []error {
	r.mu.Lock()
	defer r.mu.Unlock()
	var errs []error
	for _, e := range r.provs {
		if e.err != nil {
			errs = append(errs, e.err)
		}
	}
	return errs
}

// MatchDesc returns the probes d matches, in id order: the probe with d's
// id, or as Match. dtrace -l and the enabling of probes both match through
// it, so that a description lists what it enables.
func (r *Registry) MatchDesc(d probe.Desc) ([]*Probe, error) {
	if d.ID == 0 {
		return r.Match(d.Provider, d.Module, d.Function, d.Name)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.enumerateAll()
	if int(d.ID) > len(r.probes) || r.probes[d.ID-1] == nil {
		return nil, nil
	}
	return []*Probe{r.probes[d.ID-1]}, nil
}

// Match returns the probes a probe description matches, in id order. Each
// field is a name or a pattern (Glob); an empty field matches anything.
//
// Only providers whose name the provider field matches are enumerated.
// When the description names a provider, module, function and name without
// patterns and no listed probe has them, the provider's Lookup is asked
// (profile:::tick-3ms). An error is returned when the provider field names
// a provider (without a pattern) that cannot list its probes; providers
// that fail behind a pattern are passed over, as DTrace passes over
// providers it could not load.
func (r *Registry) Match(provider, module, function, name string) ([]*Probe, error) {
	r.mu.Lock()
	defer r.mu.Unlock()

	if provider != "" && !probe.IsGlob(provider) {
		e := r.byName[provider]
		if e == nil {
			// A provider made on demand: its probes come after every
			// probe listed so far.
			r.reserveAll()
			var err error
			if e, err = r.make(provider); e == nil {
				return nil, err
			}
		}
		if err := r.enumerate(e); err != nil {
			return nil, err
		}
		if x, ok := e.prov.(Expander); ok {
			return r.expand(e, x, module, function, name, nil)
		}
		out := matchEntry(e, module, function, name, nil)
		if len(out) == 0 && !probe.IsGlob(module) && !probe.IsGlob(function) && name != "" && !probe.IsGlob(name) {
			if p := r.lookup(e, module, function, name); p != nil {
				out = append(out, p)
			}
		}
		return out, nil
	}

	if err := r.makeMatching(provider); err != nil {
		return nil, err
	}
	var out []*Probe
	wildcards := strings.Trim(provider, "*?") == ""
	covered := map[string]bool{}
	for _, e := range r.provs {
		if w, ok := e.prov.(Wide); ok && !wildcards && w.Covers(provider) {
			covered[w.Family()] = true
		}
	}
	for _, e := range r.provs {
		if w, ok := e.prov.(Wide); ok && !wildcards {
			if !w.Covers(provider) {
				continue
			}
			var err error
			if out, err = r.expand(e, w, module, function, name, out); err != nil {
				return nil, err
			}
			continue
		}
		if m, ok := e.prov.(Member); ok && covered[m.Family()] {
			continue // its process is the Wide provider's too
		}
		if _, ok := e.prov.(Wide); !ok && !probe.Glob(provider, e.name) {
			continue
		}
		if x, ok := e.prov.(PatternExpander); ok && !wildcards && x.ExpandsFor(provider) {
			var err error
			if out, err = r.expand(e, x, module, function, name, out); err != nil {
				return nil, err
			}
			continue
		}
		if _, ok := e.prov.(Expander); ok {
			// A provider field that is a pattern matches the probes
			// made so far, as DTrace makes pid probes only for
			// descriptions that name their provider.
			out = matchEntry(e.index(), module, function, name, out)
			continue
		}
		if n, ok := e.prov.(NameChecker); ok && !e.listed && name != "" && !probe.IsGlob(name) && !n.HasName(name) {
			continue // no probe of it is called that: skip enumerating it
		}
		if r.enumerate(e) != nil {
			continue
		}
		n := len(out)
		out = matchEntry(e, module, function, name, out)
		// A probe made on demand (tick-1s) is found by its exact name
		// whatever the provider field, as DTrace finds it.
		if len(out) == n && !probe.IsGlob(module) && !probe.IsGlob(function) && name != "" && !probe.IsGlob(name) {
			if p := r.lookup(e, module, function, name); p != nil {
				out = append(out, p)
			}
		}
	}
	slices.SortFunc(out, func(a, b *Probe) int { return int(a.ID) - int(b.ID) })
	return out, nil
}

// makeMatching makes the providers the factories name for the provider
// pattern, unless the pattern is empty or nothing but wildcards.
func (r *Registry) makeMatching(pattern string) error {
	if strings.Trim(pattern, "*?") == "" {
		return nil
	}
	var names []string
	for _, f := range r.factories {
		n, ok := f.(Namer)
		if !ok {
			continue
		}
		ns, err := n.Names(pattern)
		if err != nil {
			return fmt.Errorf("match providers %s: %w", pattern, err)
		}
		// The factory's own: pid* for p*d* (a Wide provider, whose name
		// the pattern may not match as a string).
		for _, name := range ns {
			if r.byName[name] == nil {
				names = append(names, name)
			}
		}
	}
	if len(names) == 0 {
		return nil
	}
	// Their probes come after every probe listed so far.
	r.reserveAll()
	slices.Sort(names)
	for _, name := range slices.Compact(names) {
		if r.byName[name] != nil {
			continue
		}
		if _, err := r.make(name); err != nil {
			return err
		}
	}
	return nil
}

// expand appends to out the probes x makes for the fields, giving the new
// ones ids.
func (r *Registry) expand(e *entry, x Expander, module, function, name string, out []*Probe) ([]*Probe, error) {
	ps, err := x.Expand(module, function, name)
	if err != nil {
		return nil, err
	}
	e.index()
	fresh := false
	for _, p := range ps {
		k := key{p.Module, p.Function, p.Name}
		if q := e.byKey[k]; q != nil {
			out = append(out, q)
			continue
		}
		if !fresh {
			// New probes come after every listed probe.
			r.reserveAll()
			fresh = true
		}
		r.add(e, k, p)
		out = append(out, p)
	}
	slices.SortFunc(out, func(a, b *Probe) int { return int(a.ID) - int(b.ID) })
	return slices.CompactFunc(out, func(a, b *Probe) bool { return a == b }), nil
}

// matchEntry appends the probes of e that match the three fields to out.
func matchEntry(e *entry, module, function, name string, out []*Probe) []*Probe {
	cands := e.probes
	if name != "" && !probe.IsGlob(name) {
		cands = e.nameIndex().byName[name]
		name = ""
	}
	mod, fn, nm := probe.Matcher(module), probe.Matcher(function), probe.Matcher(name)
	for _, p := range cands {
		if mod(p.Module) && fn(p.Function) && nm(p.Name) {
			out = append(out, p)
		}
	}
	return out
}

// enumerate lists e's probes once and gives them ids, giving the
// providers registered before e theirs first (counting a Streamer's,
// reserve).
func (r *Registry) enumerate(e *entry) error {
	for _, p := range r.provs {
		if p == e {
			break
		}
		r.reserve(p)
	}
	return r.enumerateOne(e)
}

// enumerateAll lists every provider.
func (r *Registry) enumerateAll() {
	for _, e := range r.provs {
		r.enumerateOne(e)
	}
}

// reserveAll gives every provider's probes their ids, as enumerateAll
// does, but only counts a Streamer's (reserve): a probe made on demand
// (tick-1ms) takes the id after all of them, and counting fbt's functions
// costs a fraction of making their 110,000 probes, which a description
// of other providers never reads.
func (r *Registry) reserveAll() {
	for _, e := range r.provs {
		r.reserve(e)
	}
}

// enumerateOne lists e's probes once and gives them the next ids. It
// builds no index: listing every probe (dtrace -l) needs none.
func (r *Registry) enumerateOne(e *entry) error {
	if e.listed {
		return e.err
	}
	e.listed = true
	probes, err := e.prov.Probes()
	if err != nil {
		e.err = &ListError{Provider: e.name, Err: err}
		return e.err
	}
	e.probes = probes
	if e.reserved {
		return r.fill(e)
	}
	r.probes = slices.Grow(r.probes, len(probes))
	for _, p := range probes {
		if p.Provider == "" {
			p.Provider = e.name
		}
		r.probes = append(r.probes, p)
		p.ID = uint32(len(r.probes))
	}
	return nil
}

// fill puts the probes of e, a Streamer whose ids reserve reserved, in
// their places, into a new table: a listing (Each) may be reading the
// old one.
func (r *Registry) fill(e *entry) error {
	if len(e.probes) != e.count {
		e.err = &ListError{Provider: e.name, Err: fmt.Errorf("%d probes counted, then %d made", e.count, len(e.probes))}
		e.probes = nil
		return e.err
	}
	t := slices.Clone(r.probes)
	for i, p := range e.probes {
		if p.Provider == "" {
			p.Provider = e.name
		}
		p.ID = e.first + uint32(i)
		t[p.ID-1] = p
	}
	r.probes = t
	return nil
}

// index returns e with its indexes built.
func (e *entry) index() *entry {
	e.nameIndex()
	if e.byKey != nil {
		return e
	}
	e.byKey = make(map[key]*Probe, len(e.probes))
	for _, p := range e.probes {
		k := key{p.Module, p.Function, p.Name}
		if e.byKey[k] == nil {
			e.byKey[k] = p
		}
	}
	return e
}

// nameIndex returns e with its index by name built.
func (e *entry) nameIndex() *entry {
	if e.byName != nil {
		return e
	}
	// Most providers have a few names, which alternate (entry, return):
	// the last few seen are compared before the map is asked, and each
	// list is put in the map once, at the end.
	var names []string
	var lists [][]*Probe
	at := map[string]int{}
	for _, p := range e.probes {
		i := -1
		for j := len(names) - 1; j >= max(0, len(names)-4); j-- {
			if names[j] == p.Name {
				i = j
				break
			}
		}
		if i < 0 {
			var ok bool
			if i, ok = at[p.Name]; !ok {
				i = len(names)
				at[p.Name] = i
				names, lists = append(names, p.Name), append(lists, nil)
			}
		}
		lists[i] = append(lists[i], p)
	}
	e.byName = make(map[string][]*Probe, len(names))
	for i, n := range names {
		e.byName[n] = lists[i]
	}
	return e
}

// lookup asks e's provider for a probe made on demand.
func (r *Registry) lookup(e *entry, module, function, name string) *Probe {
	if p := e.index().byKey[key{module, function, name}]; p != nil {
		return p
	}
	p := e.prov.Lookup(module, function, name)
	if p == nil {
		return nil
	}
	// Its id comes after those of every listed probe.
	r.reserveAll()
	k := key{p.Module, p.Function, p.Name}
	if q := e.byKey[k]; q != nil {
		return q
	}
	r.add(e, k, p)
	return p
}

// add numbers p, made on demand by e's provider, after every probe so far
// and files it in e's indexes under key k.
func (r *Registry) add(e *entry, k key, p *Probe) {
	if p.Provider == "" {
		p.Provider = e.name
	}
	r.probes = append(r.probes, p)
	p.ID = uint32(len(r.probes))
	e.probes = append(e.probes, p)
	e.byName[p.Name] = append(e.byName[p.Name], p)
	e.byKey[k] = p
}
