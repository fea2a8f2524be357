package profile

import (
	"testing"

	"github.com/dtrace-go/dtrace/providers"
)

var _ providers.Describer = (*Provider)(nil)

func TestDescribe(t *testing.T) {
	p := New()
	want := providers.Attributes{
		Provider: providers.Attr{Name: providers.Evolving, Data: providers.Evolving, Class: providers.ClassCommon},
		Module:   providers.Attr{Name: providers.Unstable, Data: providers.Unstable, Class: providers.ClassUnknown},
		Function: providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassUnknown},
		Name:     providers.Attr{Name: providers.Evolving, Data: providers.Evolving, Class: providers.ClassCommon},
		Args:     providers.Attr{Name: providers.Evolving, Data: providers.Evolving, Class: providers.ClassCommon},
	}
	if a := p.Attributes(); a != want {
		t.Errorf("attributes %+v, want %+v", a, want)
	}
	if got, want := p.Attributes().Probe(), (providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassUnknown}); got != want {
		t.Errorf("probe attributes %+v, want %+v", got, want)
	}
	ps, err := p.Probes()
	if err != nil {
		t.Fatal(err)
	}
	for _, pr := range ps {
		if ts, err := p.ArgTypes(pr); ts != nil || err != nil {
			t.Errorf("%s: arg types %q, %v", pr.Name, ts, err)
		}
	}
}
