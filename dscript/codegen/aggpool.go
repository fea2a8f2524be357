package codegen

import (
	"slices"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/check"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// Aggregations sharing maps.
//
// Each aggregation is a map of its own, and the kernel lets a program use
// at most 64 maps: some 50 aggregations on one probe, with the maps every
// program has, were more than it loads. A program whose aggregations,
// associative arrays and self-> variables would be more than maxOwnMaps
// maps puts its aggregations in maps it shares among those of one value
// size (poolAggs): a key of such a map (Agg.Shared) is the aggregation's
// id (u64), then the aggregation's key, zero-padded to the longest key of
// the map's aggregations. The consumer reads an aggregation's entries as
// those of its id. Aggregations keyed by stacks keep maps of their own
// (their maps are pre-allocated, stack.go). A program within the limit
// keeps a map for each aggregation: its lookups hash no id.
//
// A shared map holds aggsize bytes of keys and values on each CPU, for all
// its aggregations together, as DTrace's aggregation buffer does for all
// of a program's (a map of its own holds aggsize bytes for each): a
// hundred maps of aggsize would take the kernel's memory for their hash
// buckets alone (a 4m aggsize, 4 MB each).

// maxOwnMaps is the number of maps of aggregations and dynamic variables
// a program may have before its aggregations share maps, leaving room in
// the kernel's 64 for the maps the runner gives every program (the
// scratch frames, the globals, the string table, the ring buffer, the
// probes' names, the stacks' tables...).
const maxOwnMaps = 40

// aggPool is a map shared by aggregations of one value size.
type aggPool struct {
	name               string
	keySize, valueSize int // the map's: keySize includes the id
	entries            int
	described          bool
	members            []*check.Object
}

// poolAggs decides, before the clauses are compiled, which aggregations
// share maps (see above), and lays the shared maps out.
func (g *gen) poolAggs(units []Unit) {
	var aggs []*check.Object
	dyn := 0
	seen := map[*check.Object]bool{}
	for _, u := range units {
		for _, it := range u.File.Items {
			ast.Inspect(it, func(n ast.Node) bool {
				o := u.Info.Uses[n]
				if o == nil || seen[o] {
					return true
				}
				seen[o] = true
				switch {
				case o.Kind() == check.ObjAgg:
					if _, ok := o.Agg(); ok {
						aggs = append(aggs, o)
					}
				case o.Kind() == check.ObjSelf, o.Assoc():
					dyn++
				}
				return true
			})
		}
	}
	if len(aggs)+dyn <= maxOwnMaps {
		return
	}
	g.aggPools = map[*check.Object]*aggPool{}
	bySize := map[int]*aggPool{}
	for _, o := range aggs {
		if slices.Contains(o.Keys(), types.StackType) || len(g.stackSlots[o]) > 0 {
			continue
		}
		agg, _ := o.Agg()
		vs := agg.ValueSize()
		p := bySize[vs]
		if p == nil {
			p = &aggPool{name: abi.AggPoolMap(vs), valueSize: vs}
			bySize[vs] = p
		}
		p.keySize = max(p.keySize, 8+g.aggOwnKeySize(o))
		p.members = append(p.members, o)
		g.aggPools[o] = p
	}
	for _, p := range bySize {
		p.entries = g.aggEntries(p.keySize, p.valueSize)
	}
}

// aggOwnKeySize is the bytes of aggregation o's keys (8 for none).
func (g *gen) aggOwnKeySize(o *check.Object) int {
	n := 0
	for i, k := range o.Keys() {
		n += g.aggKeySize(o, i, k)
	}
	if n == 0 {
		n = 8
	}
	return n
}
