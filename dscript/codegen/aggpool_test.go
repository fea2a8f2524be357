package codegen_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/dtrace-go/dtrace/abi"
)

// 250 aggregations on one probe, more than a program may have maps, share
// a map for each size of their values; their keys start with their ids.
func TestManyAggregationsShareMaps(t *testing.T) {
	var b strings.Builder
	b.WriteString("BEGIN\n{\n")
	for i := range 250 {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&b, "\t@c%d = count();\n", i)
		case 1:
			fmt.Fprintf(&b, "\t@s%d[execname] = sum(%d);\n", i, i)
		case 2:
			fmt.Fprintf(&b, "\t@a%d[%d, execname] = avg(%d);\n", i, i, i)
		case 3:
			fmt.Fprintf(&b, "\t@q%d[%d] = quantize(%d);\n", i, i, i)
		}
	}
	b.WriteString("}\n")
	prog := compile(t, b.String())
	if len(prog.Maps) > 3 {
		t.Errorf("%d maps for 250 aggregations of 3 value sizes", len(prog.Maps))
	}
	for _, a := range prog.Aggs {
		if !a.Shared || a.Map != abi.AggPoolMap(a.ValueSize) || a.MapKeySize < 8+a.KeySize {
			t.Fatalf("@%s: shared %v, map %s, key %d of %d bytes", a.Name, a.Shared, a.Map, a.KeySize, a.MapKeySize)
		}
	}
}

// A program of few aggregations keeps a map for each, keyed by its keys
// alone.
func TestFewAggregationsOwnMaps(t *testing.T) {
	prog := compile(t, "BEGIN\n{\n\t@[execname] = count();\n\t@b = sum(1);\n}\n")
	for _, a := range prog.Aggs {
		if a.Shared || a.Map != abi.AggMap(a.ID) || a.MapKeySize != a.KeySize {
			t.Errorf("@%s: shared %v, map %s, key %d of %d bytes", a.Name, a.Shared, a.Map, a.KeySize, a.MapKeySize)
		}
	}
}
