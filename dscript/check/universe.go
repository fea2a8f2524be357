package check

import "github.com/dtrace-go/dtrace/dscript/types"

// The typedefs DTrace predefines in its "C" and "D" containers for an LP64
// target, by name.
var predefTypedefs = map[string]*types.Type{}

func def(name string, t *types.Type) *types.Type {
	td := types.NewTypedef(name, "C", t)
	predefTypedefs[name] = td
	return td
}

var (
	int8T      = def("int8_t", types.CharType)
	int16T     = def("int16_t", types.ShortType)
	int32T     = def("int32_t", types.IntType)
	int64T     = def("int64_t", types.LongType)
	uint8T     = def("uint8_t", types.UCharType)
	uint16T    = def("uint16_t", types.UShortType)
	uint32T    = def("uint32_t", types.UIntType)
	uint64T    = def("uint64_t", types.ULongType)
	intptrT    = def("intptr_t", types.LongType)
	uintptrT   = def("uintptr_t", types.ULongType)
	sizeT      = def("size_t", types.ULongType)
	ssizeT     = def("ssize_t", types.LongType)
	ptrdiffT   = def("ptrdiff_t", types.LongType)
	ucharT     = def("uchar_t", types.UCharType)
	ushortT    = def("ushort_t", types.UShortType)
	uintT      = def("uint_t", types.UIntType)
	ulongT     = def("ulong_t", types.ULongType)
	ulonglongT = def("u_longlong_t", types.ULongLongType)
	longlongT  = def("longlong_t", types.LongLongType)
	offT       = def("off_t", types.LongType)
	off64T     = def("off64_t", types.LongType)
	idT        = def("id_t", types.IntType)
	pidT       = def("pid_t", types.IntType)
	uidT       = def("uid_t", types.UIntType)
	gidT       = def("gid_t", types.UIntType)
	modeT      = def("mode_t", types.UIntType)
	devT       = def("dev_t", types.ULongType)
	timeT      = def("time_t", types.LongType)
	hrtimeT    = def("hrtime_t", types.LongLongType)
	caddrT     = def("caddr_t", types.PointerTo(types.CharType))
	procIDT    = def("processorid_t", types.IntType)
	ipaddrT    = def("ipaddr_t", types.UIntType)
	zoneidT    = def("zoneid_t", types.IntType)
	taskidT    = def("taskid_t", types.IntType)
	boolT      = def("boolean_t", types.IntType)
	in6addrT   = def("in6_addr_t", types.ArrayOf(types.UCharType, 16))
	_          = def("dtrace_id_t", types.UIntType)
	_          = def("dtrace_epid_t", types.UIntType)
	_          = def("u_int", types.UIntType)
	_          = def("u_char", types.UCharType)
	_          = def("u_short", types.UShortType)
	_          = def("u_long", types.ULongType)
	_          = def("ino_t", types.ULongType)
	_          = def("nlink_t", types.ULongType)
	_          = def("blkcnt_t", types.LongType)
	_          = def("clock_t", types.LongType)
	_          = def("key_t", types.IntType)
	_          = def("socklen_t", types.UIntType)
	_          = def("u8", types.UCharType)
	_          = def("u16", types.UShortType)
	_          = def("u32", types.UIntType)
	_          = def("u64", types.ULongLongType)
	_          = def("s8", types.SCharType)
	_          = def("s16", types.ShortType)
	_          = def("s32", types.IntType)
	_          = def("s64", types.LongLongType)
	_          = def("__u8", types.UCharType)
	_          = def("__u16", types.UShortType)
	_          = def("__u32", types.UIntType)
	_          = def("__u64", types.ULongLongType)
	_          = def("__s8", types.SCharType)
	_          = def("__s16", types.ShortType)
	_          = def("__s32", types.IntType)
	_          = def("__s64", types.LongLongType)
)

func init() {
	// D's string type is named like a typedef.
	predefTypedefs["string"] = types.StringType
}

// builtinVar is a variable DTrace defines.
type builtinVar struct {
	typ *types.Type
	// array: indexed as name[n] (args, uregs)
	array bool
}

var taskStruct = &types.Type{Kind: types.Struct, Name: "task_struct", Module: "vmlinux"}

var builtinVars = map[string]builtinVar{
	"arg0": {typ: int64T}, "arg1": {typ: int64T}, "arg2": {typ: int64T}, "arg3": {typ: int64T},
	"arg4": {typ: int64T}, "arg5": {typ: int64T}, "arg6": {typ: int64T}, "arg7": {typ: int64T},
	"arg8": {typ: int64T}, "arg9": {typ: int64T},
	"args":          {typ: int64T, array: true},
	"uregs":         {typ: uint64T, array: true},
	"caller":        {typ: uintptrT},
	"ucaller":       {typ: uint64T},
	"cpu":           {typ: procIDT},
	"curthread":     {typ: types.PointerTo(taskStruct)},
	"cwd":           {typ: types.StringType},
	"root":          {typ: types.StringType},
	"epid":          {typ: uintT},
	"errno":         {typ: types.IntType},
	"execname":      {typ: types.StringType},
	"gid":           {typ: gidT},
	"uid":           {typ: uidT},
	"id":            {typ: uintT},
	"ipl":           {typ: uintT},
	"pid":           {typ: pidT},
	"ppid":          {typ: pidT},
	"tid":           {typ: idT},
	"probefunc":     {typ: types.StringType},
	"probemod":      {typ: types.StringType},
	"probename":     {typ: types.StringType},
	"probeprov":     {typ: types.StringType},
	"stackdepth":    {typ: uint32T},
	"ustackdepth":   {typ: uint32T},
	"timestamp":     {typ: uint64T},
	"vtimestamp":    {typ: uint64T},
	"walltimestamp": {typ: int64T},
	"zonename":      {typ: types.StringType},
}

// funcKind classifies D's builtin functions.
type funcKind int

const (
	subr   funcKind = iota // returns a value; usable in expressions
	action                 // a statement only; returns void
	aggfn                  // an aggregating function: @x = f(...)
)

// param is one parameter of a builtin function's prototype.
type param struct {
	typ *types.Type // nil: any type ("@" in libdtrace's prototypes)
	opt bool        // optional ([type] in the prototype)
}

// builtinFunc is a function, action or aggregating function of D.
type builtinFunc struct {
	kind        funcKind
	ret         *types.Type
	params      []param
	variadic    bool // "..." after params
	destructive bool
}

var (
	constCharP = types.PointerTo(types.WithQual(types.CharType, types.Const))
	voidP      = types.PointerTo(types.VoidType)
	charP      = types.PointerTo(types.CharType)
	anyP       = param{}
	optP       = func(t *types.Type) param { return param{typ: t, opt: true} }
	p          = func(t *types.Type) param { return param{typ: t} }
)

var builtinFuncs = map[string]*builtinFunc{
	// actions
	"trace":       {kind: action, ret: types.VoidType, params: []param{anyP}},
	"tracemem":    {kind: action, ret: types.VoidType, params: []param{anyP, p(sizeT)}, variadic: true},
	"printf":      {kind: action, ret: types.VoidType, params: []param{anyP}, variadic: true},
	"printa":      {kind: action, ret: types.VoidType, params: []param{anyP}, variadic: true},
	"exit":        {kind: action, ret: types.VoidType, params: []param{p(types.IntType)}},
	"setopt":      {kind: action, ret: types.VoidType, params: []param{p(constCharP), optP(constCharP)}},
	"clear":       {kind: action, ret: types.VoidType, variadic: true},
	"trunc":       {kind: action, ret: types.VoidType, variadic: true},
	"normalize":   {kind: action, ret: types.VoidType, variadic: true},
	"denormalize": {kind: action, ret: types.VoidType, variadic: true},
	"speculate":   {kind: action, ret: types.VoidType, params: []param{p(types.IntType)}},
	"commit":      {kind: action, ret: types.VoidType, params: []param{p(types.IntType)}},
	"discard":     {kind: action, ret: types.VoidType, params: []param{p(types.IntType)}},
	"ftruncate":   {kind: action, ret: types.VoidType},
	"stack":       {kind: subr, ret: types.StackType, variadic: true},
	"ustack":      {kind: subr, ret: types.StackType, variadic: true},
	"jstack":      {kind: subr, ret: types.StackType, variadic: true},

	// destructive actions
	"system":     {kind: action, ret: types.VoidType, params: []param{anyP}, variadic: true, destructive: true},
	"freopen":    {kind: action, ret: types.VoidType, params: []param{anyP}, variadic: true, destructive: true},
	"raise":      {kind: action, ret: types.VoidType, params: []param{p(types.IntType)}, destructive: true},
	"stop":       {kind: action, ret: types.VoidType, destructive: true},
	"panic":      {kind: action, ret: types.VoidType, destructive: true},
	"breakpoint": {kind: action, ret: types.VoidType, destructive: true},
	"chill":      {kind: action, ret: types.VoidType, params: []param{p(types.IntType)}, destructive: true},
	"copyout":    {kind: action, ret: types.VoidType, params: []param{p(voidP), p(uintptrT), p(sizeT)}, destructive: true},
	"copyoutstr": {kind: action, ret: types.VoidType, params: []param{p(charP), p(uintptrT), p(sizeT)}, destructive: true},

	// subroutines
	"speculation": {kind: subr, ret: types.IntType},
	"alloca":      {kind: subr, ret: voidP, params: []param{p(sizeT)}},
	"bcopy":       {kind: subr, ret: types.VoidType, params: []param{p(voidP), p(voidP), p(sizeT)}},
	"copyin":      {kind: subr, ret: voidP, params: []param{p(uintptrT), p(sizeT)}},
	"copyinstr":   {kind: subr, ret: types.StringType, params: []param{p(uintptrT), optP(sizeT)}},
	"copyinto":    {kind: subr, ret: types.VoidType, params: []param{p(uintptrT), p(sizeT), p(voidP)}},
	"strlen":      {kind: subr, ret: sizeT, params: []param{p(constCharP)}},
	"strjoin":     {kind: subr, ret: types.StringType, params: []param{p(constCharP), p(constCharP)}},
	"substr":      {kind: subr, ret: types.StringType, params: []param{p(constCharP), p(types.IntType), optP(types.IntType)}},
	"index":       {kind: subr, ret: types.IntType, params: []param{p(constCharP), p(constCharP), optP(types.IntType)}},
	"rindex":      {kind: subr, ret: types.IntType, params: []param{p(constCharP), p(constCharP), optP(types.IntType)}},
	"strchr":      {kind: subr, ret: types.StringType, params: []param{p(constCharP), p(types.CharType)}},
	"strrchr":     {kind: subr, ret: types.StringType, params: []param{p(constCharP), p(types.CharType)}},
	"strstr":      {kind: subr, ret: types.StringType, params: []param{p(constCharP), p(constCharP)}},
	"strtok":      {kind: subr, ret: types.StringType, params: []param{p(constCharP), p(constCharP)}},
	"basename":    {kind: subr, ret: types.StringType, params: []param{p(constCharP)}},
	"dirname":     {kind: subr, ret: types.StringType, params: []param{p(constCharP)}},
	"cleanpath":   {kind: subr, ret: types.StringType, params: []param{p(constCharP)}},
	"lltostr":     {kind: subr, ret: types.StringType, params: []param{p(int64T), optP(types.IntType)}},
	"toupper":     {kind: subr, ret: types.StringType, params: []param{p(constCharP)}},
	"tolower":     {kind: subr, ret: types.StringType, params: []param{p(constCharP)}},
	"inet_ntoa":   {kind: subr, ret: types.StringType, params: []param{p(types.PointerTo(ipaddrT))}},
	"inet_ntoa6":  {kind: subr, ret: types.StringType, params: []param{p(types.PointerTo(in6addrT))}},
	"inet_ntop":   {kind: subr, ret: types.StringType, params: []param{p(types.IntType), p(voidP)}},
	"htons":       {kind: subr, ret: uint16T, params: []param{p(uint16T)}},
	"htonl":       {kind: subr, ret: uint32T, params: []param{p(uint32T)}},
	"htonll":      {kind: subr, ret: uint64T, params: []param{p(uint64T)}},
	"ntohs":       {kind: subr, ret: uint16T, params: []param{p(uint16T)}},
	"ntohl":       {kind: subr, ret: uint32T, params: []param{p(uint32T)}},
	"ntohll":      {kind: subr, ret: uint64T, params: []param{p(uint64T)}},
	"rand":        {kind: subr, ret: types.IntType},
	"progenyof":   {kind: subr, ret: types.IntType, params: []param{p(pidT)}},
	"getmajor":    {kind: subr, ret: types.UIntType, params: []param{p(devT)}},
	"getminor":    {kind: subr, ret: types.UIntType, params: []param{p(devT)}},
	"sym":         {kind: subr, ret: types.SymAddrType, params: []param{p(uintptrT)}},
	"func":        {kind: subr, ret: types.SymAddrType, params: []param{p(uintptrT)}},
	"mod":         {kind: subr, ret: types.SymAddrType, params: []param{p(uintptrT)}},
	"usym":        {kind: subr, ret: types.USymAddrType, params: []param{p(uintptrT)}},
	"ufunc":       {kind: subr, ret: types.USymAddrType, params: []param{p(uintptrT)}},
	"umod":        {kind: subr, ret: types.USymAddrType, params: []param{p(uintptrT)}},
	"uaddr":       {kind: subr, ret: types.USymAddrType, params: []param{p(uintptrT)}},

	// aggregating functions
	"count":     {kind: aggfn, ret: types.VoidType},
	"sum":       {kind: aggfn, ret: types.VoidType, params: []param{anyP}},
	"avg":       {kind: aggfn, ret: types.VoidType, params: []param{anyP}},
	"min":       {kind: aggfn, ret: types.VoidType, params: []param{anyP}},
	"max":       {kind: aggfn, ret: types.VoidType, params: []param{anyP}},
	"stddev":    {kind: aggfn, ret: types.VoidType, params: []param{anyP}},
	"quantize":  {kind: aggfn, ret: types.VoidType, params: []param{anyP}, variadic: true},
	"lquantize": {kind: aggfn, ret: types.VoidType, params: []param{anyP, p(int32T), p(int32T)}, variadic: true},
	"llquantize": {kind: aggfn, ret: types.VoidType,
		params: []param{anyP, p(int32T), p(int32T), p(int32T), p(int32T)}, variadic: true},
}
