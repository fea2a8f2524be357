package lockstat

// The probes: where each fires in the kernel's lock functions, as DTrace
// for Linux places it (libdtrace/dt_prov_lockstat.c), and at the
// contention tracepoints where the kernel cannot probe functions.

// The contention tracepoints, raw: contention_begin(void *lock, unsigned
// int flags) and contention_end(void *lock, int ret).
const (
	tpBegin = "contention_begin"
	tpEnd   = "contention_end"
)

// contention_begin's flags (the kernel's LCB_F_*): which kind of lock a
// thread contends, and how it waits.
const (
	lcbSpin   = 1 << 0 // it spins
	lcbRead   = 1 << 1 // for reading (rwlock_t, rw_semaphore)
	lcbWrite  = 1 << 2 // for writing
	lcbRT     = 1 << 3 // an rt_mutex
	lcbPercpu = 1 << 4 // a percpu_rw_semaphore
	lcbMutex  = 1 << 5 // a mutex
)

// Argument types. DTrace for Linux names the rw probes' lock "struct
// rwlock *", which no Linux kernel has: here the kernel's own types, so
// that args[0] can be read.
const (
	mutexT    = "struct mutex *"
	spinT     = "spinlock_t *"
	rwlockT   = "rwlock_t *"
	rwsemT    = "struct rw_semaphore *"
	durationT = "uint64_t"
	intT      = "int"
)

// Sites of the mutex probes in kernel functions.
var (
	mutexLockEntry = site{fns: []string{"mutex_lock"}, op: opStart}
	mutexLockFire  = site{fns: []string{"mutex_lock"}, ret: true, op: opFire,
		vals: []val{valLock, valTime}, conds: []cond{condTime}}
)

// endFire is the firing of a probe at contention_end: the lock taken
// (ret 0) after a wait of some time.
func endFire(vals ...val) site {
	return site{tp: tpEnd, op: opFire, vals: vals, conds: []cond{condRetZero, condTime}}
}

// Slow paths of the spin locks: queued_spin_lock_slowpath where the
// kernel has no paravirtual spin locks, native_ or __pv_ where it has
// (which it uses depends on the hypervisor); DTrace for Linux names the
// first two.
var spinSlow = []string{"queued_spin_lock_*", "native_queued_spin_lock_*", "__pv_queued_spin_lock_slowpath"}

// rwSlow are the slow paths of the reader-writer spin locks.
var rwSlow = []string{"queued_read_lock_slowpath", "queued_write_lock_slowpath"}

// defs are the probes, by name.
var defs = []probeDef{
	{name: "adaptive-acquire", args: []string{mutexT},
		fns: []site{{fns: []string{"mutex_lock"}, ret: true, op: opFire, vals: []val{valLock}}}},
	// DTrace for Linux's probe of a mutex not taken, the call
	// interrupted (-EINTR) or killed. It fails only after waiting: at
	// the tracepoints, a mutex's contention_end that says so.
	{name: "adaptive-acquire-error", args: []string{mutexT, intT},
		fns: []site{{fns: []string{"*mutex_lock_killable", "*mutex_lock_interruptible"}, ret: true, op: opFire,
			vals: []val{valLock, valRet}, conds: []cond{condRetNonZero}}},
		tps: []site{
			{tp: tpBegin, flags: []uint32{lcbMutex, lcbMutex | lcbSpin}, op: opStart},
			{tp: tpEnd, op: opFire, vals: []val{valLock, valRet}, conds: []cond{condRetNonZero}},
		}},
	// A mutex's waiter blocks in schedule_preempt_disabled: the time it
	// spent there between mutex_lock's entry and return. At the
	// tracepoints: from each contention_begin of a mutex that blocks
	// (LCB_F_MUTEX) to the next of one that spins (a woken waiter spins
	// before it blocks again) or to contention_end.
	{name: "adaptive-block", args: []string{mutexT, durationT},
		fns: []site{
			mutexLockEntry,
			{fns: []string{"schedule_preempt_disabled"}, op: opMark},
			{fns: []string{"schedule_preempt_disabled"}, ret: true, op: opPause},
			mutexLockFire,
		},
		tps: []site{
			{tp: tpBegin, flags: []uint32{lcbMutex}, op: opStart, timed: true, resume: true},
			{tp: tpBegin, flags: []uint32{lcbMutex | lcbSpin}, op: opPause},
			endFire(valLock, valTime),
		}},
	{name: "adaptive-release", args: []string{mutexT},
		fns: []site{{fns: []string{"mutex_unlock"}, ret: true, op: opFire, vals: []val{valLock}}}},
	// DTrace for Linux times a mutex's spin from the last _raw_spin_lock
	// (the wait lock, the run queue's) within mutex_lock to its return.
	// At the tracepoints: from each contention_begin of a mutex that
	// spins to the next of one that blocks or to contention_end.
	{name: "adaptive-spin", args: []string{mutexT, durationT},
		fns: []site{
			mutexLockEntry,
			{fns: []string{"_raw_spin_lock"}, op: opMark},
			mutexLockFire,
		},
		tps: []site{
			{tp: tpBegin, flags: []uint32{lcbMutex | lcbSpin}, op: opStart, timed: true, resume: true},
			{tp: tpBegin, flags: []uint32{lcbMutex}, op: opPause},
			endFire(valLock, valTime),
		}},
	{name: "rw-acquire", args: []string{rwlockT, intT},
		fns: []site{{fns: []string{"_raw_read_lock*", "_raw_read_trylock*", "_raw_write_lock*", "_raw_write_trylock*"},
			ret: true, op: opFire, vals: []val{valLock, valRead}, conds: []cond{condTrylock}}}},
	// A reader-writer lock that blocks is a rw_semaphore (Linux's
	// rwlock_t spins): DTrace for Linux has no rw-block; here the
	// contention tracepoints' waits for a rw_semaphore, where every
	// kernel has them.
	{name: "rw-block", args: []string{rwsemT, durationT, intT},
		tps: []site{
			{tp: tpBegin, flags: []uint32{lcbRead, lcbWrite}, op: opStart, timed: true, resume: true},
			endFire(valLock, valTime, valRead),
		}},
	{name: "rw-release", args: []string{rwlockT, intT},
		fns: []site{{fns: []string{"_raw_read_unlock*", "_raw_write_unlock*"}, ret: true, op: opFire, vals: []val{valLock, valRead}}}},
	{name: "rw-spin", args: []string{rwlockT, durationT, intT},
		fns: []site{
			{fns: rwSlow, op: opStart, timed: true},
			{fns: rwSlow, ret: true, op: opFire, vals: []val{valLock, valTime, valRead}},
		},
		tps: []site{
			{tp: tpBegin, flags: []uint32{lcbSpin | lcbRead, lcbSpin | lcbWrite}, op: opStart, timed: true},
			endFire(valLock, valTime, valRead),
		}},
	{name: "spin-acquire", args: []string{spinT},
		fns: []site{{fns: []string{"_raw_spin_lock*", "_raw_spin_trylock*"}, ret: true, op: opFire,
			vals: []val{valLock}, conds: []cond{condTrylock}}}},
	{name: "spin-release", args: []string{spinT},
		fns: []site{{fns: []string{"_raw_spin_unlock*"}, ret: true, op: opFire, vals: []val{valLock}}}},
	{name: "spin-spin", args: []string{spinT, durationT},
		fns: []site{
			{fns: spinSlow, op: opStart, timed: true},
			{fns: spinSlow, ret: true, op: opFire, vals: []val{valLock, valTime}},
		},
		tps: []site{
			{tp: tpBegin, flags: []uint32{lcbSpin}, op: opStart, timed: true},
			endFire(valLock, valTime),
		}},
}
