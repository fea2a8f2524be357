package dtrace

import (
	"testing"

	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/internal/ptest"
)

var _ providers.Describer = (*Provider)(nil)

// TestDescribe: illumos' attributes, and no argument types.
func TestDescribe(t *testing.T) {
	attrs := providers.Attributes{
		Provider: providers.Attr{Name: providers.Stable, Data: providers.Stable, Class: providers.ClassCommon},
		Module:   providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassUnknown},
		Function: providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassUnknown},
		Name:     providers.Attr{Name: providers.Stable, Data: providers.Stable, Class: providers.ClassCommon},
		Args:     providers.Attr{Name: providers.Stable, Data: providers.Stable, Class: providers.ClassCommon},
	}
	ptest.CheckDescriber(t, New(), attrs, providers.Attr{Name: providers.Private, Data: providers.Private, Class: providers.ClassUnknown},
		func(pr *providers.Probe) string { return pr.Name }, nil)
}
