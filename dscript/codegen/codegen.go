// Package codegen compiles checked D programs (dscript/check) to eBPF
// instructions and links them into the program of each attachment the
// runner loads.
//
// Compile makes each clause one BPF function, "clause_N" (Clause), called
// with R1 pointing at the probe context (abi's ctx.go): the start of the
// scratch frame the firing took, a value of the per-CPU abi.ScratchMap
// that also holds the clauses' this-> variables, the record being built
// and the statements' temporaries. A clause that takes kernel stacks or
// reads caller or stackdepth is also given the program's context and the
// kernel frames to skip (stack.go). A clause returns 0, or 1 after a
// runtime fault, which it leaves described in its scratch (fault.go).
// Variables and aggregations live in maps the Program describes (Maps,
// Aggs) besides abi's fixed ones, string constants in its string table
// (Strings).
//
// Program.Link (link.go) makes the program of one attachment: a prologue
// that takes a scratch frame, the provider's trampoline fragment, per
// probe the calls of the clauses enabled on it, then the clause functions
// and, when a clause can fault, the ERROR function that reports faults and
// calls the clauses enabled on dtrace:::ERROR.
//
// The instructions do not depend on the running kernel: maps are named
// (abi's names and the MapDescs'), and the offsets of kernel struct
// members are load-time relocations (KernelField, reloc.go) that
// Program.Relocate sets to the running kernel's.
//
// Every sequence emitted for a statement starts with an asm.Comment naming
// the D source line it came from ("script.d:12"), which -S shows and the
// loader uses to report verifier rejections by clause and line.
//
// Data-recording actions build the clause's record in scratch and send it
// to the ring buffer abi.RingMap when the clause ends (and where a branch
// of an if that records ends): a header (abi.HeaderSize bytes: probe id,
// record id, CPU, speculation tag) followed by the actions' data at
// offsets fixed at compile time. Record and its Fields (their kinds are
// abi.FieldKind) describe the layout for the consumer.
//
// The package imports neither the providers nor the output, nor the
// packages that load programs (bpf) and read the kernel's types (ktypes):
// what it shares with them is in abi, and the runner (session) brings
// them together.
//
// It is part of dtrace-go's implementation, not of its API (README.md's
// layout table names the packages a program imports).
package codegen

import (
	"errors"
	"fmt"

	"github.com/cilium/ebpf/asm"

	"github.com/dtrace-go/dtrace/abi"
	"github.com/dtrace-go/dtrace/dscript/ast"
	"github.com/dtrace-go/dtrace/dscript/check"
	"github.com/dtrace-go/dtrace/dscript/printf"
	"github.com/dtrace-go/dtrace/dscript/types"
)

// DefaultDynVarSize and DefaultAggSize are the dynvarsize and aggsize the
// code generator sizes maps for when Options leave them 0.
const (
	DefaultDynVarSize = 1 << 20
	DefaultAggSize    = 4 << 20
)

// NoFrames is the StackFrames and UStackFrames of the options set to 0:
// stack() and ustack() record no frames.
const NoFrames = -1

// ScratchError is a program that needs more scratch memory (the probe
// context, the records, this-> variables and each statement's
// temporaries: strings of StrSize bytes among them) than one map value
// holds. It matches ErrNotSupported.
type ScratchError struct {
	Need, Max, StrSize int
}

func (e *ScratchError) Error() string {
	return fmt.Sprintf("a program needing %d bytes of scratch memory (at most %d) is %v", e.Need, e.Max, ErrNotSupported)
}

func (e *ScratchError) Unwrap() error { return ErrNotSupported }

// ErrNotSupported is wrapped by the errors for D features the code
// generator does not compile yet.
var ErrNotSupported = errors.New("not supported yet")

// Options are the compile-time options that shape the generated code.
type Options struct {
	StrSize int // strsize: the characters a D string keeps, its NUL not counted (default 256)
	// NSpec is nspec, the number of speculations (0: DTrace's default, 1;
	// NoSpec: none), and SpecSize specsize, the bytes of a speculation's
	// records each CPU may send (0: DTrace's default, 32k; negative:
	// none); see spec.go.
	NSpec, SpecSize int
	// StackFrames and UStackFrames are stackframes and ustackframes: the
	// frames stack() and ustack() capture when not told (0: 20 and 100;
	// NoFrames: none, as DTrace records for an option set to 0).
	StackFrames, UStackFrames int
	// MaxFrames is maxframes: stack(), ustack() and jstack() capture at
	// most that many frames, fewer than asked silently, as DTrace for
	// Linux (0: the kernel's most, abi.MaxStackFrames).
	MaxFrames int
	// DynVarSize is dynvarsize: the bytes of keys and values each dynamic
	// variable (associative array, self-> variable) may hold (default 1m).
	DynVarSize int
	// AggSize is aggsize: the bytes of keys and values each aggregation
	// may hold on each CPU (default 4m).
	AggSize int
	// ScratchSize is scratchsize: the bytes of scratch memory alloca()
	// and copyin() may allocate in a clause (0: DTrace's default, 256).
	ScratchSize int
	// Fill compiles bufpolicy=fill: each CPU counts the bytes of the
	// records it sends (abi.ScratchFill); a record that would take it past
	// the runner's limit (abi.GlobalFillAt) is not sent, is not a drop, and
	// stops tracing (abi.GlobalExiting = abi.ExitingFilled). The limit is
	// bufsize less the room END's records need, which DTrace reserves for
	// them; the runner lifts it before END fires. Speculative records
	// and fault reports are not counted.
	Fill bool
}

// MapKind is the kind of a map a program needs.
type MapKind int

// Map kinds.
const (
	ArrayMap MapKind = iota
	HashMap
	PerCPUHashMap
	LRUHashMap
)

// MapDesc describes a map the program needs besides the fixed ones.
type MapDesc struct {
	Name       string
	Kind       MapKind
	KeySize    int
	ValueSize  int
	MaxEntries int
	// Object is the variable or aggregation the map holds.
	Object *check.Object
}

// Program is a compiled D program.
type Program struct {
	Clauses     []*Clause
	Maps        []*MapDesc
	Records     []*Record // indexed by record id
	Aggs        []*Agg    // indexed by aggregation id
	Strings     []byte    // the string-constant table (abi.StringsMap's value)
	ScratchSize int       // bytes in the scratch map value
	GlobalsSize int       // bytes in the globals map value
	StrSize     int
	// StackValues reports whether a clause takes a stack as a value
	// (dt_stack_t, stored in a variable): a stack's id may then be held
	// where no aggregation key names it, and the stack tables keep every
	// stack for the whole run.
	StackValues bool
	// NeedsTime reports whether a clause reads the firing's timestamp, which
	// the trampoline then takes (bpf_ktime_get_ns) before calling clauses.
	NeedsTime bool
	// CtxUse tells how many argument slots the probe context has and
	// which of its other fields the clauses read, which are all a
	// trampoline needs to fill.
	CtxUse abi.CtxUse
	// DynVars is the number of elements the dynamic variables share
	// (vars.go's pool), 0 when there is none.
	DynVars int

	// loops are the shared loops' callbacks (loopfn.go) by symbol.
	loops map[string]asm.Instructions

	// work counts the nodes records looked at: tests check that it
	// grows linearly with the program.
	work int

	// strtokPos is the offset in the scratch value of strtok()'s
	// position (-1: no string), which every firing starts without
	// (Link); 0 when no clause calls strtok().
	strtokPos int
}

// Clause is one compiled probe clause.
type Clause struct {
	Index  int
	Probes []*ast.ProbeDesc
	// Stmt is the statement number of its first probe description:
	// DTrace compiles a clause once per description, numbering each copy
	// (dt_clause_N) in program order, so that its descriptions are
	// statements Stmt, Stmt+1, ...
	Stmt   int
	Symbol string           // the BPF function's name
	Insns  asm.Instructions // the function body, Symbol on its first instruction
	// Funcs are functions only the clause refers to (bpf_loop's
	// callbacks), each with its symbol on its first instruction: the
	// linker places them after the clauses.
	Funcs asm.Instructions
	// Shared names the functions of the program (shared loops,
	// loopfn.go) the clause calls, which the linker places once.
	Shared []string
}

// Record describes the data a clause firing records.
type Record struct {
	ID     uint32
	Clause int
	Size   int // bytes, header included
	Fields []*Field
}

// Field is one recorded datum: what it is for (Kind, which says which
// of the other members tell more) and where it is in the record.
type Field struct {
	Kind   abi.FieldKind
	Offset int // from the record's start
	Size   int
	Type   *types.Type // the value's type (for Arg, Trace, Exit)
	Format *printf.Format
	NArgs  int   // printf: the number of Arg fields that follow
	Aggs   []int // printa, clear, trunc, normalize: aggregation ids
	Line   int   // D source line of the action

	// Sym describes a stack or symbol function's record (stack.go); nil
	// for the other fields.
	Sym *abi.SymInfo
}

// Agg describes an aggregation for the consumer.
type Agg struct {
	ID   int
	Name string // without "@"
	// Agg is the aggregating function and its parameters, which lay out
	// the values (ValueSize).
	abi.Agg
	Keys []*types.Type
	Map  string
	// KeySize is the bytes of the aggregation's keys (8 when it has
	// none): 8 bytes for an integer and abi.StrSlot(StrSize) bytes for a
	// string, in order; ValueSize the map's values'.
	KeySize   int
	ValueSize int
	// Shared says that Map holds other aggregations too (aggpool.go):
	// its keys, of MapKeySize bytes, are the aggregation's id (u64), then
	// its KeySize bytes of keys, then zeros. Otherwise MapKeySize is
	// KeySize.
	Shared     bool
	MapKeySize int
	Object     *check.Object
	// KeySyms says, per key, which stack or symbol function it is (nil
	// for the others; nil when no key is one); such keys are laid out as
	// stack.go says.
	KeySyms []*abi.SymInfo
}

// ValueType is the type printa()'s %@ converts the aggregation's values
// as: uint64_t for count(), int64_t for the others.
func (a *Agg) ValueType() *types.Type {
	if a.Func == abi.AggCount {
		return types.ULongType
	}
	return types.LongType
}

// Unit is one checked program: a script, or the text of one -n operand.
// The units of a dtrace run share variables and aggregations (their
// Checker's objects), so they are compiled together.
type Unit struct {
	File *ast.File
	Info *check.Info
}

// Compile compiles the units' clauses to BPF functions, numbering clauses
// across units in order.
func Compile(units []Unit, opts Options) (*Program, error) {
	if opts.StrSize <= 0 {
		opts.StrSize = 256
	}
	if opts.DynVarSize <= 0 {
		opts.DynVarSize = DefaultDynVarSize
	}
	if opts.AggSize <= 0 {
		opts.AggSize = DefaultAggSize
	}
	if opts.ScratchSize <= 0 {
		opts.ScratchSize = 256
	}
	g := &gen{
		opts:    opts,
		prog:    &Program{StrSize: opts.StrSize},
		vars:    map[*check.Object]*varInfo{},
		aggs:    map[*check.Object]*Agg{},
		strs:    map[string]int{},
		globOff: abi.GlobalsFirst,
	}
	g.prog.CtxUse.NArgs = scanArgs(units)
	g.scratchBase = g.prog.CtxUse.ScratchStart()
	g.scanStackKeys(units)
	g.layoutThis(units)
	g.poolAggs(units)
	n, dtNo := 0, 0
	for i, u := range units {
		g.info, g.file, g.unit = u.Info, u.File, i
		for _, it := range u.File.Items {
			cl, ok := it.(*ast.Clause)
			if !ok {
				continue
			}
			g.clauseNo, g.dtClauseNo = n, dtNo
			c, err := g.clause(n, cl)
			if err != nil {
				return nil, err
			}
			c.Stmt = dtNo
			g.prog.Clauses = append(g.prog.Clauses, c)
			n++
			dtNo += max(len(cl.Probes), 1)
		}
	}
	g.dynPool()
	g.prog.GlobalsSize = align8(g.globOff)
	g.prog.ScratchSize = align8(g.tempBase() + g.maxTemp)
	if g.usesAlloca {
		// The alloca area, after the temporaries (alloca.go).
		g.prog.patchAllocaArea(g.prog.ScratchSize)
		g.prog.ScratchSize += 2 * g.scratchLimit()
	}
	if g.prog.ScratchSize > abi.MaxScratch {
		return nil, &ScratchError{Need: g.prog.ScratchSize, Max: abi.MaxScratch, StrSize: opts.StrSize}
	}
	g.prog.Strings = g.strtab
	if len(g.prog.Strings) == 0 {
		g.prog.Strings = make([]byte, 8)
	}
	g.prog.patchStrtabEnd()
	return g.prog, nil
}

func align8(n int) int { return (n + 7) &^ 7 }

// gen holds the state of one compilation.
type gen struct {
	info *check.Info
	opts Options
	prog *Program
	file *ast.File

	vars    map[*check.Object]*varInfo
	aggs    map[*check.Object]*Agg
	strs    map[string]int // string constant -> offset in strtab
	strtab  []byte
	globOff int // next free offset in the globals value

	// scratch layout: probe context, this-> region (this.go), record,
	// temporaries
	scratchBase int
	this        *thisLayout
	maxTemp     int

	// per clause
	cl       *clauseGen
	clauseNo int
	// dtClauseNo is the clause's number as DTrace names it in fault
	// messages (dt_clause_N) and gives it in ERROR's arg2: DTrace compiles
	// a clause once per probe description, numbering each copy, so a
	// clause's number is that of its first description.
	dtClauseNo int
	unit       int // index of the unit being compiled

	spec *specProg // speculations (spec.go), once used

	// stackSlots sizes the stack keys of aggregations (stack.go).
	stackSlots map[*check.Object][]int
	// stackTables describes the tables of stacks keying aggregations.
	stackTables map[abi.SymKind]*stackTable

	// usesAlloca is set once a clause uses the alloca area (alloca.go).
	usesAlloca bool

	// aggPools holds the aggregations that share maps (aggpool.go).
	aggPools map[*check.Object]*aggPool

	// loopFuncs are the shared loops' symbols, loopByKey by their
	// instructions (loopfn.go).
	loopFuncs []string
	loopByKey map[string]string
}

// Error is a construct the code generator cannot compile yet, located in
// the program (Unit, an index in Compile's units) and line it came from.
type Error struct {
	Unit int
	Pos  ast.Pos
	What string
}

func (e *Error) Error() string {
	return fmt.Sprintf("line %d: %s is not supported yet", e.Pos.Line, e.What)
}

// Unwrap makes an Error match ErrNotSupported.
func (e *Error) Unwrap() error { return ErrNotSupported }

// notSupported returns the error for a construct at n not compiled yet.
func (g *gen) notSupported(n ast.Node, what string) error {
	return &Error{Unit: g.unit, Pos: n.Pos(), What: what}
}

// dynEntries is the number of elements a dynamic variable with these key
// and value sizes holds within dynvarsize.
func (g *gen) dynEntries(keySize, valueSize int) int {
	return max(1, g.opts.DynVarSize/(align8(keySize)+align8(valueSize)))
}

// aggEntries is the number of keys an aggregation with these key and value
// sizes holds within aggsize.
func (g *gen) aggEntries(keySize, valueSize int) int {
	return max(1, g.opts.AggSize/(align8(keySize)+align8(valueSize)))
}

// hasMap reports whether p needs the map called name.
func (p *Program) hasMap(name string) bool {
	for _, m := range p.Maps {
		if m.Name == name {
			return true
		}
	}
	return false
}

// addMapOnce adds d to the program's maps unless one of its name is there.
func (g *gen) addMapOnce(d *MapDesc) {
	if !g.prog.hasMap(d.Name) {
		g.prog.Maps = append(g.prog.Maps, d)
	}
}

// scanArgs returns the argument slots the units' probe contexts need:
// abi.DefaultArgs (arg0 to arg9), or more when a clause reads args[N] with
// a constant N past them (up to abi.MaxArgs).
func scanArgs(units []Unit) int {
	n := abi.DefaultArgs
	for _, u := range units {
		for _, it := range u.File.Items {
			ast.Inspect(it, func(node ast.Node) bool {
				if x, ok := node.(*ast.Index); ok && isArgs(x, u.Info) && len(x.Index) == 1 {
					end := int64(-1)
					if ref, ok := u.Info.Args[x]; ok {
						end = int64(ref.Slot + ref.Slots)
					} else if i, ok := u.Info.Consts[x.Index[0]]; ok {
						end = i + 1
					}
					if end > int64(n) && end <= abi.MaxArgs {
						n = int(end)
					}
				}
				return true
			})
		}
	}
	return n
}

// isArgs reports whether x indexes the builtin array args[].
func isArgs(x *ast.Index, info *check.Info) bool { return isBuiltinArray(x, info, "args") }

// isUregs reports whether x is uregs[...].
func isUregs(x *ast.Index, info *check.Info) bool { return isBuiltinArray(x, info, "uregs") }

// isBuiltinArray reports whether x indexes the builtin array name.
func isBuiltinArray(x *ast.Index, info *check.Info, name string) bool {
	id, ok := x.X.(*ast.Ident)
	if !ok || id.Name != name {
		return false
	}
	o := info.Uses[x]
	return o != nil && o.Kind() == check.ObjBuiltin
}
