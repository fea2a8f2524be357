package ptest

import (
	"slices"
	"testing"

	"github.com/dtrace-go/dtrace/providers"
)

// Describing is a provider that describes its probes for dtrace -lv.
type Describing interface {
	providers.Provider
	providers.Describer
}

// CheckDescriber checks p's stability attributes, the probe description
// attributes they give, and the argument types of each of p's probes:
// want[key(probe)], every probe having an entry and want no entry more.
// A nil want means that no probe has argument types.
func CheckDescriber(tb testing.TB, p Describing, attrs providers.Attributes, probe providers.Attr,
	key func(*providers.Probe) string, want map[string][]string) {
	tb.Helper()
	if a := p.Attributes(); a != attrs {
		tb.Errorf("%s: attributes %+v, want %+v", p.Name(), a, attrs)
	}
	if a := p.Attributes().Probe(); a != probe {
		tb.Errorf("%s: probe attributes %+v, want %+v", p.Name(), a, probe)
	}
	ps, err := p.Probes()
	if err != nil {
		tb.Fatal(err)
	}
	if want != nil && len(ps) != len(want) {
		tb.Errorf("%s: %d probes, want %d", p.Name(), len(ps), len(want))
	}
	for _, pr := range ps {
		k := key(pr)
		w, ok := want[k]
		if want != nil && !ok {
			tb.Errorf("%s: unexpected probe %s", p.Name(), k)
			continue
		}
		got, err := p.ArgTypes(pr)
		if err != nil || !slices.Equal(got, w) {
			tb.Errorf("%s: %s: arg types %q, %v; want %q", p.Name(), k, got, err, w)
		}
	}
}
