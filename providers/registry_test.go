package providers_test

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dtrace-go/dtrace/probe"
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/builtin"
)

// fake is a provider with fixed probes that counts its listings.
type fake struct {
	name   string
	probes [][3]string
	listed int
}

func (f *fake) Name() string { return f.name }

func (f *fake) Probes() ([]*providers.Probe, error) {
	f.listed++
	var ps []*providers.Probe
	for _, p := range f.probes {
		ps = append(ps, &providers.Probe{Module: p[0], Function: p[1], Name: p[2]})
	}
	return ps, nil
}

func (f *fake) Lookup(module, function, name string) *providers.Probe {
	if module == "" && function == "" && name == "made" {
		return &providers.Probe{Name: name}
	}
	return nil
}

func (f *fake) Plan([]*providers.Probe) ([]*providers.Attachment, error) { return nil, nil }

// streamer is a fake that passes its probes one at a time, in one Probe,
// and counts the probes it made.
type streamer struct {
	fake
	made int
}

func (s *streamer) NumProbes() (int, error) { return len(s.probes), nil }

func (s *streamer) EachProbe(yield func(*providers.Probe) bool) {
	var p providers.Probe
	for _, f := range s.probes {
		p = providers.Probe{Module: f[0], Function: f[1], Name: f[2]}
		if !yield(&p) {
			return
		}
	}
}

func (s *streamer) Probes() ([]*providers.Probe, error) {
	ps, err := s.fake.Probes()
	s.made += len(ps)
	return ps, err
}

// desc is a probe's id and description.
func desc(p *providers.Probe) string {
	return fmt.Sprintf("%d %s:%s:%s:%s", p.ID, p.Provider, p.Module, p.Function, p.Name)
}

// TestEachStreams checks that Each lists a Streamer without making its
// probes, with the ids a later match or List gives them, and numbers the
// probes made after it after them.
func TestEachStreams(t *testing.T) {
	a := &fake{name: "alpha", probes: [][3]string{{"m", "f", "entry"}, {"m", "g", "entry"}}}
	s := &streamer{fake: fake{name: "stream", probes: [][3]string{{"k", "f1", "entry"}, {"k", "f1", "return"}, {"k", "f2", "entry"}}}}
	b := &fake{name: "beta", probes: [][3]string{{"", "", "BEGIN"}}}
	want := []string{"1 alpha:m:f:entry", "2 alpha:m:g:entry", "3 stream:k:f1:entry", "4 stream:k:f1:return", "5 stream:k:f2:entry", "6 beta:::BEGIN"}
	each := func(r *providers.Registry, stop int) []string {
		var got []string
		if err := r.Each(func(p *providers.Probe) bool {
			got = append(got, desc(p))
			return len(got) != stop
		}); err != nil {
			t.Fatal(err)
		}
		return got
	}
	r, err := providers.NewRegistry(a, s, b)
	if err != nil {
		t.Fatal(err)
	}
	if got := each(r, 0); !slices.Equal(got, want) {
		t.Fatalf("Each: %q, want %q", got, want)
	}
	if got := each(r, 4); !slices.Equal(got, want[:4]) {
		t.Errorf("Each stopped at 4: %q", got)
	}
	if s.made != 0 {
		t.Errorf("Each made %d probes of the streamer", s.made)
	}
	// Made on demand: after every probe, the streamer's counted.
	if ps, _ := r.Match("alpha", "", "", "made"); len(ps) != 1 || ps[0].ID != 7 {
		t.Errorf("alpha:::made: %v, want id 7", ps)
	}
	if p := r.Probe(4); p == nil || desc(p) != want[3] || s.made != 3 {
		t.Fatalf("Probe(4): %v, %d probes made", p, s.made)
	}
	ps, err := r.Match("stream", "", "", "entry")
	if err != nil || len(ps) != 2 || desc(ps[0]) != want[2] || desc(ps[1]) != want[4] {
		t.Errorf("stream:::entry: %v, %v", ps, err)
	}
	all, err := r.List()
	var got []string
	for _, p := range all {
		got = append(got, desc(p))
	}
	if err != nil || !slices.Equal(got, append(want, "7 alpha:::made")) {
		t.Errorf("List: %q, %v", got, err)
	}
	if got := each(r, 0); !slices.Equal(got, append(want, "7 alpha:::made")) {
		t.Errorf("Each after the streamer was made: %q", got)
	}

	// Made on demand before anything is listed (tick-1ms beside
	// syscall:::entry): the streamer is counted, not made, and its
	// probes get the ids a listing gives them when they are matched.
	s.made = 0
	r, _ = providers.NewRegistry(a, s, b)
	if ps, _ := r.Match("alpha", "", "", "made"); len(ps) != 1 || ps[0].ID != 7 || s.made != 0 {
		t.Errorf("alpha:::made: %v, want id 7; %d probes of the streamer made", ps, s.made)
	}
	if ps, _ := r.Match("beta", "", "", "BEGIN"); len(ps) != 1 || ps[0].ID != 6 || s.made != 0 {
		t.Errorf("beta:::BEGIN: %v, want id 6; %d probes of the streamer made", ps, s.made)
	}
	if ps, err := r.Match("stream", "", "f2", "entry"); err != nil || len(ps) != 1 || desc(ps[0]) != want[4] {
		t.Errorf("stream::f2:entry: %v, %v", ps, err)
	}

	// Matched by id first: the streamer's probes made with their ids.
	s.made = 0
	r, _ = providers.NewRegistry(a, s, b)
	each(r, 0)
	if ps, err := r.MatchDesc(probe.Desc{ID: 5}); err != nil || len(ps) != 1 || desc(ps[0]) != want[4] {
		t.Errorf("probe 5: %v, %v", ps, err)
	}
	if ps, _ := r.Match("beta", "", "", "BEGIN"); len(ps) != 1 || ps[0].ID != 6 {
		t.Errorf("beta:::BEGIN: %v, want id 6", ps)
	}
}

func TestRegistry(t *testing.T) {
	a := &fake{name: "alpha", probes: [][3]string{{"m", "f", "entry"}, {"m", "f", "return"}, {"m", "g", "entry"}}}
	b := &fake{name: "beta", probes: [][3]string{{"", "", "BEGIN"}, {"x", "y", "entry"}}}
	r, err := providers.NewRegistry(a, b)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := providers.NewRegistry(a, a); err == nil {
		t.Error("a provider registered twice")
	}

	// Matching alpha enumerates alpha alone.
	ps, err := r.Match("alpha", "m", "f", "")
	if err != nil || len(ps) != 2 || ps[0].ID != 1 || ps[1].ID != 2 || ps[0].Provider != "alpha" {
		t.Fatalf("alpha:m:f: = %v, %v", ps, err)
	}
	if b.listed != 0 {
		t.Error("beta listed for alpha:m:f:")
	}
	// Ids do not depend on what was matched first: beta's come after
	// alpha's, whichever is matched first.
	r2, _ := providers.NewRegistry(&fake{name: a.name, probes: a.probes}, &fake{name: b.name, probes: b.probes})
	ps, err = r2.Match("beta", "", "", "")
	if err != nil || len(ps) != 2 || ps[0].ID != 4 || ps[1].ID != 5 || ps[0].Provider != "beta" {
		t.Fatalf("beta::: first = %v, %v", ps, err)
	}
	ps, _ = r.Match("", "", "", "entry")
	if len(ps) != 3 || ps[0].Function != "f" || ps[1].Function != "g" || ps[2].Provider != "beta" {
		t.Fatalf(":::entry = %v", ps)
	}
	for _, d := range []probe.Desc{{ID: 4}, {ID: 2}, {ID: 5}} {
		ps, err := r.MatchDesc(d)
		if err != nil || len(ps) != 1 || ps[0].ID != d.ID {
			t.Errorf("MatchDesc(%v) = %v, %v", d, ps, err)
		}
	}
	if ps, err := r.MatchDesc(probe.Desc{ID: 99}); err != nil || len(ps) != 0 {
		t.Errorf("MatchDesc(99) = %v, %v", ps, err)
	}
	for i := 1; i < len(ps); i++ {
		if ps[i].ID <= ps[i-1].ID {
			t.Error("matches not in id order")
		}
	}
	if a.listed != 1 || b.listed != 1 {
		t.Errorf("listed alpha %d times, beta %d times; want once each", a.listed, b.listed)
	}
	for _, c := range []struct {
		desc [4]string
		n    int
	}{
		{[4]string{"alpha", "m", "f", ""}, 2},
		{[4]string{"a*", "", "", "*"}, 3},
		{[4]string{"alpha", "", "[fg]", "entry"}, 2},
		{[4]string{"alpha", "", "", "e*"}, 1 + 1},
		{[4]string{"gamma", "", "", ""}, 0},
		{[4]string{"*", "x", "", ""}, 1},
		{[4]string{"", "", "", ""}, 5},
	} {
		ps, err := r.Match(c.desc[0], c.desc[1], c.desc[2], c.desc[3])
		if err != nil || len(ps) != c.n {
			t.Errorf("%v matches %d probes (%v), want %d", c.desc, len(ps), err, c.n)
		}
	}

	// Lookup: for a name without patterns, whatever the provider field
	// (DTrace makes tick-1s for ":::tick-1s" too).
	ps, _ = r.Match("alpha", "", "", "made")
	if len(ps) != 1 || ps[0].ID != 6 || ps[0].Provider != "alpha" {
		t.Fatalf("alpha:::made = %v", ps)
	}
	again, _ := r.Match("alpha", "", "", "made")
	if len(again) != 1 || again[0] != ps[0] {
		t.Error("alpha:::made made twice")
	}
	if r.Probe(6) != ps[0] || r.Probe(0) != nil || r.Probe(7) != nil {
		t.Error("Probe by id")
	}
	all, _ := r.List()
	if len(all) != 6 {
		t.Errorf("List: %d probes, want 6", len(all))
	}
	var got []*providers.Probe
	err = r.Each(func(p *providers.Probe) bool {
		got = append(got, p)
		return true
	})
	if err != nil || !slices.Equal(got, all) {
		t.Errorf("Each: %v, %v; want List's %v", got, err, all)
	}
	// Both test providers make any name on demand: alpha's probe is found
	// again and beta makes one.
	if ps, _ := r.Match("", "", "", "made"); len(ps) != 2 || ps[0].ID != 6 || ps[1].Provider != "beta" {
		t.Errorf(":::made = %v, want alpha's probe and a new one from beta", ps)
	}
}

// TestMatchLive matches, on the real providers, the descriptions that
// enumerate the most probes, and checks them against the full listing.
// How fast is BenchmarkMatch's business.
func TestMatchLive(t *testing.T) {
	r := builtin.Registry(providers.System{})
	ps, err := r.Match("syscall", "", "", "entry")
	if err != nil {
		t.Fatal(err)
	}
	again, err := r.Match("syscall", "", "", "entry")
	if err != nil || !slices.Equal(again, ps) {
		t.Errorf("syscall:::entry matched %d probes, then %d (%v)", len(ps), len(again), err)
	}
	all, err := r.List()
	if err != nil {
		t.Fatal(err)
	}
	checkMatch(t, "syscall:::entry", ps, all, func(p *providers.Probe) bool {
		return p.Provider == "syscall" && p.Name == "entry"
	})
	if len(ps) < 300 {
		t.Errorf("syscall:::entry matched %d probes", len(ps))
	}

	// A fresh registry lists in registration order, and Each as List.
	r = builtin.Registry(providers.System{})
	var each []providers.Probe
	err = builtin.Registry(providers.System{}).Each(func(p *providers.Probe) bool {
		each = append(each, *p)
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	all, err = r.List()
	if err != nil {
		t.Fatal(err)
	}
	if len(each) != len(all) {
		t.Errorf("Each: %d probes, List %d", len(each), len(all))
	}
	for i, p := range each[:min(len(each), len(all))] {
		if p.ID != all[i].ID || p.Provider != all[i].Provider || p.Module != all[i].Module ||
			p.Function != all[i].Function || p.Name != all[i].Name {
			t.Fatalf("Each's probe %d: %v, List's %v", i, p, all[i])
		}
	}
	ps, err = r.Match("", "", "", "*read*")
	if err != nil {
		t.Fatal(err)
	}
	checkMatch(t, ":::*read*", ps, all, func(p *providers.Probe) bool { return strings.Contains(p.Name, "read") })
	for i := 1; i < len(all); i++ {
		if all[i].ID != all[i-1].ID+1 {
			t.Fatal("ids are not dense")
		}
	}
	if all[0].Name != "BEGIN" || all[1].Name != "END" || all[2].Name != "ERROR" {
		t.Errorf("first probes %v %v %v, want BEGIN END ERROR", all[0], all[1], all[2])
	}
}

// checkMatch checks that desc matched exactly the probes of all that want
// says it names.
func checkMatch(t *testing.T, desc string, got, all []*providers.Probe, want func(*providers.Probe) bool) {
	t.Helper()
	matched := make(map[uint32]bool)
	for _, p := range got {
		if !want(p) {
			t.Errorf("%s matched %s:%s:%s:%s", desc, p.Provider, p.Module, p.Function, p.Name)
		}
		matched[p.ID] = true
	}
	n := 0
	for _, p := range all {
		if want(p) {
			n++
			if !matched[p.ID] {
				t.Errorf("%s did not match %s:%s:%s:%s", desc, p.Provider, p.Module, p.Function, p.Name)
			}
		}
	}
	if n == 0 || len(got) != n {
		t.Errorf("%s matched %d probes, want the %d listed", desc, len(got), n)
	}
}

// BenchmarkMatch matches the descriptions that enumerate the most probes
// on the real providers: syscall:::entry on a fresh registry and on one
// that has matched it before, and :::*read* on a fresh one.
func BenchmarkMatch(b *testing.B) {
	b.Run("syscall:::entry/first", func(b *testing.B) {
		for b.Loop() {
			r := builtin.Registry(providers.System{})
			if _, err := r.Match("syscall", "", "", "entry"); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("syscall:::entry/again", func(b *testing.B) {
		r := builtin.Registry(providers.System{})
		if _, err := r.Match("syscall", "", "", "entry"); err != nil {
			b.Fatal(err)
		}
		for b.Loop() {
			r.Match("syscall", "", "", "entry")
		}
	})
	b.Run(":::*read*/first", func(b *testing.B) {
		for b.Loop() {
			r := builtin.Registry(providers.System{})
			if _, err := r.Match("", "", "", "*read*"); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// named is a fake that can say which names its probes have.
type named struct{ fake }

func (n *named) HasName(name string) bool {
	for _, p := range n.probes {
		if p[2] == name {
			return true
		}
	}
	return false
}

// A provider that says no probe of it has a name is not enumerated for an
// exact name in a description that does not name it.
func TestRegistryNameChecker(t *testing.T) {
	b := &fake{name: "beta", probes: [][3]string{{"", "", "BEGIN"}}}
	a := &named{fake{name: "alpha", probes: [][3]string{{"m", "f", "entry"}}}}
	r, err := providers.NewRegistry(b, a)
	if err != nil {
		t.Fatal(err)
	}
	ps, _ := r.Match("", "", "", "BEGIN")
	if len(ps) != 1 || ps[0].Provider != "beta" {
		t.Fatalf(":::BEGIN = %v", ps)
	}
	if a.listed != 0 {
		t.Errorf("alpha listed %d times for :::BEGIN, want 0", a.listed)
	}
	if ps, _ := r.Match("", "", "", "entry"); len(ps) != 1 || a.listed != 1 {
		t.Errorf(":::entry = %v, alpha listed %d times", ps, a.listed)
	}
}

// pidFactory makes the providers pid1, pid2...: fakes of two probes.
type pidFactory struct{ made []string }

func (f *pidFactory) NewProvider(name string) (providers.Provider, error) {
	rest, ok := strings.CutPrefix(name, "pid")
	if !ok || rest == "" {
		return nil, nil
	}
	if rest == "0" {
		return nil, errors.New("no such process")
	}
	f.made = append(f.made, name)
	return &fake{name: name, probes: [][3]string{{"a.out", "main", "entry"}, {"a.out", "main", "return"}}}, nil
}

// A provider made on demand exists once a description names it; its
// probes come after every listed probe; it is made once.
func TestRegistryFactory(t *testing.T) {
	a := &fake{name: "alpha", probes: [][3]string{{"m", "f", "entry"}}}
	r, err := providers.NewRegistry(a)
	if err != nil {
		t.Fatal(err)
	}
	f := &pidFactory{}
	r.AddFactory(f)
	if ps, _ := r.Match("pid*", "", "", ""); len(ps) != 0 || len(f.made) != 0 {
		t.Fatalf("a pattern made providers: %v, %v", ps, f.made)
	}
	ps, err := r.Match("pid42", "a.out", "main", "")
	if err != nil || len(ps) != 2 || ps[0].ID != 2 || ps[0].Provider != "pid42" {
		t.Fatalf("pid42:a.out:main: = %v, %v", ps, err)
	}
	if ps, _ := r.Match("pid42", "", "", "return"); len(ps) != 1 || ps[0].ID != 3 || len(f.made) != 1 {
		t.Errorf("pid42:::return = %v, made %v", ps, f.made)
	}
	if r.Provider("pid42") == nil {
		t.Error("pid42 not registered")
	}
	if _, err := r.Match("pid0", "", "", ""); err == nil {
		t.Error("a factory's error was dropped")
	}
	if ps, err := r.Match("nosuch", "", "", ""); err != nil || len(ps) != 0 {
		t.Errorf("nosuch::: = %v, %v", ps, err)
	}
}

// expander makes probes f1:x:<function>:<name> on demand, counting calls;
// the name "bad" is an error.
type expander struct {
	fake
	calls int
}

func (x *expander) Expand(module, function, name string) ([]*providers.Probe, error) {
	x.calls++
	if name == "bad" {
		return nil, errors.New("bad name")
	}
	var out []*providers.Probe
	for _, fn := range []string{"f", "g"} {
		if probe.Glob(function, fn) {
			out = append(out, &providers.Probe{Module: "x", Function: fn, Name: "entry"})
		}
	}
	return out, nil
}

type expanderFactory struct{ made []*expander }

func (f *expanderFactory) NewProvider(name string) (providers.Provider, error) {
	if !strings.HasPrefix(name, "ex") {
		return nil, nil
	}
	x := &expander{fake: fake{name: name}}
	f.made = append(f.made, x)
	return x, nil
}

// Names says the factory could make ex1 and ex2.
func (f *expanderFactory) Names(pattern string) ([]string, error) {
	return []string{"ex1", "ex2", "other"}, nil
}

// An Expander makes its probes as descriptions name it: new probes get the
// ids after every listed probe, once; a pattern in the provider field
// matches those made so far without making more.
func TestRegistryExpander(t *testing.T) {
	a := &fake{name: "alpha", probes: [][3]string{{"m", "f", "entry"}, {"m", "g", "entry"}}}
	r, err := providers.NewRegistry(a)
	if err != nil {
		t.Fatal(err)
	}
	f := &expanderFactory{}
	r.AddFactory(f)
	ps, err := r.Match("ex1", "", "g", "")
	if err != nil || len(ps) != 1 || ps[0].ID != 3 || ps[0].Provider != "ex1" || ps[0].Function != "g" {
		t.Fatalf("ex1::g: = %v, %v", ps, err)
	}
	ps, err = r.Match("ex1", "", "*", "")
	if err != nil || len(ps) != 2 || ps[0].ID != 3 || ps[1].ID != 4 || ps[1].Function != "f" {
		t.Fatalf("ex1::*: = %v, %v", ps, err)
	}
	if _, err := r.Match("ex1", "", "", "bad"); err == nil {
		t.Error("Expand's error was dropped")
	}
	x := f.made[0]
	calls := x.calls
	ps, err = r.Match("", "", "", "entry")
	if err != nil || len(ps) != 4 || x.calls != calls {
		t.Errorf(":::entry = %v, %v; Expand called %d times", ps, err, x.calls-calls)
	}
	if p := r.Probe(4); p == nil || p.Function != "f" {
		t.Errorf("probe 4 = %v", p)
	}
}

// A pattern in the provider field makes the providers a Namer names that
// it matches, unless it is nothing but wildcards.
func TestRegistryNamer(t *testing.T) {
	a := &fake{name: "alpha", probes: [][3]string{{"m", "f", "entry"}}}
	r, err := providers.NewRegistry(a)
	if err != nil {
		t.Fatal(err)
	}
	f := &expanderFactory{}
	r.AddFactory(f)
	for _, p := range []string{"", "*", "?*"} {
		if _, err := r.Match(p, "", "", "entry"); err != nil || len(f.made) != 0 {
			t.Fatalf("%q made %d providers, %v", p, len(f.made), err)
		}
	}
	if _, err := r.Match("ex*", "", "", "entry"); err != nil {
		t.Fatal(err)
	}
	if len(f.made) != 2 || r.Provider("ex1") == nil || r.Provider("ex2") == nil || r.Provider("other") != nil {
		t.Errorf("ex* made %d providers", len(f.made))
	}
	if _, err := r.Match("ex*", "", "", "entry"); err != nil || len(f.made) != 2 {
		t.Errorf("ex* made providers twice: %d, %v", len(f.made), err)
	}
}

// omitter leaves out the return probes of the functions it expands.
type omitter struct {
	expander
	omitted []providers.Omission
}

func (o *omitter) Expand(module, function, name string) ([]*providers.Probe, error) {
	for _, fn := range []string{"_start", "exit"} {
		if probe.Glob(function, fn) && probe.Glob(name, "return") {
			o.omitted = append(o.omitted, providers.Omission{Provider: o.name, Module: "x", Function: fn, Name: "return", Why: "no return instruction"})
		}
	}
	return o.expander.Expand(module, function, name)
}

func (o *omitter) Omitted() []providers.Omission { return o.omitted }

// The probes an Omitter leaves out are the registry's Omitted, and
// OmittedNotice words them in a line, naming 8 functions a reason at
// most.
func TestRegistryOmitted(t *testing.T) {
	o := &omitter{expander: expander{fake: fake{name: "om1"}}}
	r, err := providers.NewRegistry(&fake{name: "alpha"}, o)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Omitted(); len(got) != 0 {
		t.Errorf("Omitted() before matching = %v", got)
	}
	if _, err := r.Match("om1", "", "_start", ""); err != nil {
		t.Fatal(err)
	}
	got := r.Omitted()
	if len(got) != 1 || got[0].Function != "_start" {
		t.Fatalf("Omitted() = %v", got)
	}
	if msg := providers.OmittedNotice(got); msg != "1 function has no return probe: x`_start (no return instruction)" {
		t.Errorf("notice %q", msg)
	}
	var many []providers.Omission
	for i := range 10 {
		many = append(many, providers.Omission{Module: "m", Function: "f" + strconv.Itoa(i), Name: "return", Why: "no return instruction"})
	}
	many = append(many, providers.Omission{Module: "m", Function: "g", Name: "return", Why: "code not decoded"})
	want := "11 functions have no return probe: m`f0, m`f1, m`f2, m`f3, m`f4, m`f5, m`f6, m`f7 and 2 more (no return instruction); m`g (code not decoded)"
	if msg := providers.OmittedNotice(many); msg != want {
		t.Errorf("notice %q, want %q", msg, want)
	}
	if msg := providers.OmittedNotice(nil); msg != "" {
		t.Errorf("notice of nothing %q", msg)
	}
}
