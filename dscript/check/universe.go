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

// predef makes the typedef td one of the predefined ones.
func predef(td *types.Type) *types.Type {
	predefTypedefs[td.Name] = td
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
	_          = predef(types.StackType)
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
	"cgroup":        {typ: uint64T},
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

// funcKind classifies D's builtin functions as libdtrace's identifier kinds
// do.
type funcKind int

const (
	subr   funcKind = iota // DT_IDENT_FUNC: a subroutine, usable in expressions
	action                 // DT_IDENT_ACTFUNC: a tracing function, a statement of its own
	aggfn                  // DT_IDENT_AGGFUNC: an aggregating function: @x = f(...)
)

// param is one parameter of a builtin function's prototype.
type param struct {
	typ *types.Type // nil: any type ("@" in libdtrace's prototypes)
	opt bool        // optional ([type] in the prototype)
}

// builtinFunc is a function, action or aggregating function of D, with its
// prototype as libdtrace's dt_open.c gives it.
type builtinFunc struct {
	kind   funcKind
	ret    *types.Type
	params []param
	// variadic: "..." after params; the parameters before it are
	// required.
	variadic bool
	// destructive: an action of DTrace's destructive classes, or a
	// subroutine whose code DTrace marks destructive.
	destructive bool
	// record: a tracing function that records a stack or a symbol
	// (stack, ustack, jstack, sym, func, mod, usym, ufunc, umod, uaddr);
	// such a call may also be an aggregation key or a printf-like
	// argument.
	record bool
}

var (
	constCharP = types.PointerTo(types.WithQual(types.CharType, types.Const))
	voidP      = types.PointerTo(types.VoidType)
	charP      = types.PointerTo(types.CharType)
	anyP       = param{}
	optP       = func(t *types.Type) param { return param{typ: t, opt: true} }
	p          = func(t *types.Type) param { return param{typ: t} }
)

// Prototype shorthands.
func proto(k funcKind, ret *types.Type, ps ...param) *builtinFunc {
	return &builtinFunc{kind: k, ret: ret, params: ps}
}

func varargs(f *builtinFunc) *builtinFunc { f.variadic = true; return f }

func destructive(f *builtinFunc) *builtinFunc { f.destructive = true; return f }

func recording(f *builtinFunc) *builtinFunc { f.record = true; return f }

var void = types.VoidType

// builtinFuncs are the functions of Oracle's DTrace for Linux (dt_open.c's
// _dtrace_globals) that this implementation has, with their prototypes
// spelt as there: the checker reports a call's argument count and types
// against them as dt_idcook_sign does. Where illumos and Oracle differ,
// Oracle's prototype is used; lltostr keeps illumos's optional base.
var builtinFuncs = map[string]*builtinFunc{
	// actions
	"trace":       proto(action, void, anyP),
	"print":       proto(action, void, p(voidP)),
	"tracemem":    proto(action, void, anyP, p(sizeT), optP(sizeT)),
	"pcap":        proto(action, void, p(voidP), p(types.IntType)),
	"printf":      varargs(proto(action, void, p(types.StringType))),
	"printa":      varargs(proto(action, void, anyP)),
	"exit":        proto(action, void, p(types.IntType)),
	"setopt":      proto(action, void, p(constCharP), optP(constCharP)),
	"clear":       proto(action, void, anyP),
	"trunc":       proto(action, void, anyP, optP(int64T)),
	"normalize":   proto(action, void, anyP, p(uint64T)),
	"denormalize": proto(action, void, anyP),
	"speculate":   proto(action, void, p(types.IntType)),
	"commit":      proto(action, void, p(types.IntType)),
	"discard":     proto(action, void, p(types.IntType)),
	"ftruncate":   proto(action, void),
	"stack":       recording(proto(action, types.StackType, optP(uint32T))),
	"ustack":      recording(proto(action, types.StackType, optP(uint32T), optP(uint32T))),
	"jstack":      recording(proto(action, types.StackType, optP(uint32T), optP(uint32T))),
	"sym":         recording(proto(action, types.SymAddrType, p(uintptrT))),
	"func":        recording(proto(action, types.SymAddrType, p(uintptrT))),
	"mod":         recording(proto(action, types.SymAddrType, p(uintptrT))),
	"usym":        recording(proto(action, types.USymAddrType, p(uintptrT))),
	"ufunc":       recording(proto(action, types.USymAddrType, p(uintptrT))),
	"umod":        recording(proto(action, types.USymAddrType, p(uintptrT))),
	"uaddr":       recording(proto(action, types.USymAddrType, p(uintptrT))),
	// cgroup_path(id): the path of the cgroup (v2) of id (cgroup's
	// value), which the consumer finds, as it finds sym()'s names.
	"cgroup_path": recording(proto(action, types.CgroupPathType, p(uint64T))),

	// destructive actions
	"system":     destructive(varargs(proto(action, void, anyP))),
	"freopen":    destructive(varargs(proto(action, void, anyP))),
	"raise":      destructive(proto(action, void, p(types.IntType))),
	"stop":       destructive(proto(action, void)),
	"panic":      destructive(proto(action, void)),
	"breakpoint": destructive(proto(action, void)),
	"chill":      destructive(proto(action, void, p(types.IntType))),
	// return(rc), DTrace for Linux 2.0.4's: the traced kernel function
	// returns rc at once, without running (fbt entry probes only).
	"return": destructive(proto(action, void, p(int64T))),

	// subroutines
	"copyout":     destructive(proto(subr, void, p(voidP), p(uintptrT), p(sizeT))),
	"copyoutstr":  destructive(proto(subr, void, p(charP), p(uintptrT), p(sizeT))),
	"speculation": proto(subr, types.IntType),
	"alloca":      proto(subr, voidP, p(sizeT)),
	"bcopy":       proto(subr, void, p(voidP), p(voidP), p(sizeT)),
	"copyin":      proto(subr, voidP, p(uintptrT), p(sizeT)),
	"copyinstr":   proto(subr, types.StringType, p(uintptrT), optP(sizeT)),
	"copyinto":    proto(subr, void, p(uintptrT), p(sizeT), p(voidP)),
	"strlen":      proto(subr, sizeT, p(constCharP)),
	"strjoin":     proto(subr, types.StringType, p(constCharP), p(constCharP)),
	"substr":      proto(subr, types.StringType, p(constCharP), p(types.IntType), optP(types.IntType)),
	"index":       proto(subr, types.IntType, p(constCharP), p(constCharP), optP(types.IntType)),
	"rindex":      proto(subr, types.IntType, p(constCharP), p(constCharP), optP(types.IntType)),
	"strchr":      proto(subr, types.StringType, p(constCharP), p(types.CharType)),
	"strrchr":     proto(subr, types.StringType, p(constCharP), p(types.CharType)),
	"strstr":      proto(subr, types.StringType, p(constCharP), p(constCharP)),
	"strtok":      proto(subr, types.StringType, p(constCharP), p(constCharP)),
	"basename":    proto(subr, types.StringType, p(constCharP)),
	"dirname":     proto(subr, types.StringType, p(constCharP)),
	"cleanpath":   proto(subr, types.StringType, p(constCharP)),
	"lltostr":     proto(subr, types.StringType, p(int64T), optP(types.IntType)),
	"toupper":     proto(subr, types.StringType, p(constCharP)),
	"tolower":     proto(subr, types.StringType, p(constCharP)),
	"inet_ntoa":   proto(subr, types.StringType, p(types.PointerTo(ipaddrT))),
	"inet_ntoa6":  proto(subr, types.StringType, p(types.PointerTo(libIn6Addr)), optP(types.IntType)),
	"inet_ntop":   proto(subr, types.StringType, p(types.IntType), p(voidP)),
	"htons":       proto(subr, uint16T, p(uint16T)),
	"htonl":       proto(subr, uint32T, p(uint32T)),
	"htonll":      proto(subr, uint64T, p(uint64T)),
	"ntohs":       proto(subr, uint16T, p(uint16T)),
	"ntohl":       proto(subr, uint32T, p(uint32T)),
	"ntohll":      proto(subr, uint64T, p(uint64T)),
	"rand":        proto(subr, types.IntType),
	"progenyof":   proto(subr, types.IntType, p(pidT)),
	"getmajor":    proto(subr, types.UIntType, p(devT)),
	"getminor":    proto(subr, types.UIntType, p(devT)),

	// aggregating functions
	"count":      proto(aggfn, void),
	"sum":        proto(aggfn, void, anyP),
	"avg":        proto(aggfn, void, anyP),
	"min":        proto(aggfn, void, anyP),
	"max":        proto(aggfn, void, anyP),
	"stddev":     proto(aggfn, void, anyP),
	"quantize":   varargs(proto(aggfn, void, anyP)),
	"lquantize":  varargs(proto(aggfn, void, anyP, p(int32T), p(int32T))),
	"llquantize": varargs(proto(aggfn, void, anyP, p(int32T), p(int32T), p(int32T), p(int32T))),
}

// The subroutines DTrace for Linux adds on the kernel's locks and network
// addresses (its dt_open.c): mutexes are the kernel's struct mutex,
// reader-writer locks its rwlock_t, both resolved in the kernel's types
// when the program is checked (kernelParam).
var (
	kernelMutex  = &types.Type{Kind: types.Struct, Name: "mutex", Module: "vmlinux"}
	kernelRWLock = types.NewTypedef("rwlock_t", "vmlinux", &types.Type{Kind: types.Struct, Module: "vmlinux"})
)

func init() {
	mutexP := p(types.PointerTo(kernelMutex))
	rwlockP := p(types.PointerTo(kernelRWLock))
	for name, f := range map[string]*builtinFunc{
		"mutex_owned":         proto(subr, types.IntType, mutexP),
		"mutex_owner":         proto(subr, types.PointerTo(taskStruct), mutexP),
		"mutex_type_adaptive": proto(subr, types.IntType, mutexP),
		"mutex_type_spin":     proto(subr, types.IntType, mutexP),
		"rw_read_held":        proto(subr, types.IntType, rwlockP),
		"rw_write_held":       proto(subr, types.IntType, rwlockP),
		"rw_iswriter":         proto(subr, types.IntType, rwlockP),
		"link_ntop":           proto(subr, types.StringType, p(types.IntType), p(voidP)),
		// DTrace for Linux's argument string of a task's process, which
		// psinfo_t's pr_psargs is.
		"d_execargs": proto(subr, types.StringType, p(types.PointerTo(taskStruct))),
	} {
		builtinFuncs[name] = f
	}
}

// libIn6Addr stands for the D library's in6_addr_t (net.d: typedef struct
// in6_addr in6_addr_t), which inet_ntoa6() takes a pointer to, as in
// DTrace's prototype "string(in6_addr_t *, [int])": kernelParam puts the
// library's typedef in its place when a program is checked.
var libIn6Addr = types.NewTypedef("in6_addr_t", libModule, &types.Type{Kind: types.Struct, Name: "in6_addr"})

// libModule marks a parameter type that names a typedef of the D library.
const libModule = "D library"

// kernelParam returns the parameter type t with a pointer to a kernel
// typedef (rwlock_t *) replaced by a pointer to the kernel's own typedef,
// which an argument of that type must match: the kernel's rwlock_t is an
// untagged struct, known only through its typedef. Without the kernel's
// types, t stays as it is. A pointer to a typedef of the D library
// (in6_addr_t *) becomes a pointer to the library's typedef, when the
// library defines it.
func (c *Checker) kernelParam(t *types.Type) *types.Type {
	if t == nil || t.Kind != types.Pointer || t.Elem.Kind != types.Typedef {
		return t
	}
	if t.Elem.Module == libModule {
		if d, ok := c.lookupTypedef(t.Elem.Name); ok {
			return types.PointerTo(d)
		}
		return t
	}
	if t.Elem.Module != "vmlinux" || c.cfg.Kernel == nil {
		return t
	}
	if k := c.cfg.Kernel.Type("typedef", t.Elem.Name); k != nil {
		return types.PointerTo(k)
	}
	return t
}
