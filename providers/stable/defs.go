package stable

// The probes of the proc, sched and io providers: where each fires (the
// kernel's tracepoints, raw tracepoints, and kernel functions where no
// tracepoint serves) and what its arguments are. A probe without a site
// is missing: Missing says why.

// DTrace's argument types: the translated type a clause sees, and the
// native type the translator takes.
var (
	lwpsinfo = arg{typ: "lwpsinfo_t *", native: "struct task_struct *"}
	psinfo   = arg{typ: "psinfo_t *", native: "struct task_struct *"}
	cpuinfo  = arg{typ: "cpuinfo_t *", native: "int"}
	bufinfo  = arg{typ: "bufinfo_t *", native: "struct request *"}
	devinfo  = arg{typ: "devinfo_t *", native: "struct request *"}
	fileinfo = arg{typ: "fileinfo_t *", native: "struct request *"}
	// A synchronous wait's buffer is a bio.
	bioBufinfo  = arg{typ: "bufinfo_t *", native: "struct bio *"}
	bioDevinfo  = arg{typ: "devinfo_t *", native: "struct bio *"}
	bioFileinfo = arg{typ: "fileinfo_t *", native: "struct bio *"}
)

// groupLive is the number of the exiting task's process's threads that
// have not begun to exit: 0 at the last one's sched_process_exit, which
// before Linux 6.16 does not pass group_dead.
var groupLive = val{src: 0, path: []step{
	{"task_struct", []string{"signal"}, 8},
	{"signal_struct", []string{"live", "counter"}, 4},
}}

// classSites returns the sites of the scheduling classes' functions
// prefix+fair, rt, dl, each (struct rq *, struct task_struct *, int): the
// thread, and the run queue's CPU.
func classSites(prefix string) []site {
	var out []site
	for _, class := range []string{"fair", "rt", "dl"} {
		out = append(out, site{fn: prefix + class, vals: []val{tpArg(1), tpArg(1), tpField(0, rqCPU)}})
	}
	return out
}

// rqCPU is the CPU of a run queue.
var rqCPU = step{"rq", []string{"cpu"}, 4}

// piSetprio is change-pri at priority inheritance's tracepoint.
var piSetprio = site{tp: "sched_pi_setprio", vals: []val{tpArg(0), tpArg(0),
	{src: 1, path: []step{taskPrio}, orElse: &val{src: 0, path: []step{taskNormPrio}}}}}

// pfKthread is task_struct's flag of a kernel thread (PF_KTHREAD).
const pfKthread = 0x00200000

// userThread is the condition that the current thread is not a kernel
// thread.
var userThread = cond{v: val{src: srcCurrent, path: []step{taskFlags}}, op: condClear, in: []int64{pfKthread}}

// Values read from a tracepoint's arguments.
func tpArg(i int) val              { return val{src: i} }
func tpField(i int, f ...step) val { return val{src: i, path: f} }

// task_struct members.
var (
	taskCPU      = step{"task_struct", []string{"thread_info", "cpu"}, 4}
	taskFlags    = step{"task_struct", []string{"flags"}, 4}
	taskExitCode = step{"task_struct", []string{"exit_code"}, 4}
	taskPID      = step{"task_struct", []string{"pid"}, 4}
	taskTGID     = step{"task_struct", []string{"tgid"}, 4}
	taskPrio     = step{"task_struct", []string{"prio"}, 4}
	taskNormPrio = step{"task_struct", []string{"normal_prio"}, 4}
)

var defs = map[string][]probeDef{
	"proc": {
		{name: "exec", args: []arg{{typ: "string"}},
			sites: []site{{tp: "sched_prepare_exec", vals: []val{tpField(1, step{"linux_binprm", []string{"filename"}, 8})}}}},
		{name: "exec-success",
			sites: []site{{tp: "sched_process_exec"}}},
		{name: "exec-failure", args: []arg{{typ: "int"}},
			sites: []site{{tp: "sys_exit",
				conds: []cond{
					{v: tpArg(1), op: condNeg},
					{v: tpField(0, step{"pt_regs", []string{"orig_ax"}, 8}), op: condIn, in: []int64{59, 322}},
				},
				vals: []val{{src: 1, neg: true}}}}},
		{name: "exit", args: []arg{{typ: "int"}},
			sites: []site{{tp: "sched_process_exit", conds: []cond{{v: tpArg(1), op: condNonZero}},
				vals: []val{{src: 0, path: []step{taskExitCode}, xform: exitReason}},
				alt: &site{tp: "sched_process_exit", conds: []cond{{v: groupLive, op: condZero}},
					vals: []val{{src: 0, path: []step{taskExitCode}, xform: exitReason}}}}}},
		{name: "create", args: []arg{psinfo},
			sites: []site{{tp: "sched_process_fork",
				conds: []cond{{v: tpField(1, taskPID), op: condEqVal, other: tpField(1, taskTGID)}},
				vals:  []val{tpArg(1)}}}},
		// A new task runs schedule_tail, from ret_from_fork, before it
		// returns to user space (Oracle's DTrace fires start and
		// lwp-start there too): start in a new process's first thread,
		// lwp-start in every new thread, that one included.
		{name: "start",
			sites: []site{{fn: "schedule_tail", ret: true, conds: []cond{userThread,
				{v: val{src: srcCurrent, path: []step{taskPID}}, op: condEqVal, other: val{src: srcCurrent, path: []step{taskTGID}}}}}}},
		{name: "lwp-create", args: []arg{lwpsinfo, psinfo},
			sites: []site{{tp: "sched_process_fork",
				conds: []cond{{v: tpField(1, taskPID), op: condNeVal, other: tpField(1, taskTGID)}},
				vals:  []val{tpArg(1), tpArg(1)}}}},
		{name: "lwp-start",
			sites: []site{{fn: "schedule_tail", ret: true, conds: []cond{userThread}}}},
		{name: "lwp-exit",
			sites: []site{{tp: "sched_process_exit", conds: []cond{{v: tpArg(1), op: condZero}},
				alt: &site{tp: "sched_process_exit", conds: []cond{{v: groupLive, op: condNonZero}}}}}},
		{name: "signal-send", args: []arg{lwpsinfo, psinfo, {typ: "int"}},
			sites: []site{{tp: "signal_generate", vals: []val{tpArg(2), tpArg(2), tpArg(0)}}}},
		{name: "signal-handle", args: []arg{{typ: "int"}, {typ: "struct kernel_siginfo *"}, {typ: "void (*)(void)"}},
			sites: []site{{tp: "signal_deliver", vals: []val{tpArg(0), tpArg(1),
				tpField(2, step{"k_sigaction", []string{"sa", "sa_handler"}, 8})}}}},
		// sigwait, sigwaitinfo and sigtimedwait are rt_sigtimedwait,
		// which returns the signal it took off the pending ones.
		{name: "signal-clear", args: []arg{{typ: "int"}},
			sites: []site{{tp: "sys_exit",
				conds: []cond{
					{v: tpArg(1), op: condPos},
					{v: tpField(0, step{"pt_regs", []string{"orig_ax"}, 8}), op: condIn, in: []int64{128}},
				},
				vals: []val{tpArg(1)}}}},
	},
	"sched": {
		{name: "on-cpu",
			sites: []site{{tp: "sched_exit_tp", conds: []cond{{v: tpArg(0), op: condNonZero}}}}},
		{name: "off-cpu", args: []arg{lwpsinfo, psinfo},
			sites: []site{{tp: "sched_switch", vals: []val{tpArg(2), tpArg(2)}}}},
		{name: "remain-cpu",
			sites: []site{{tp: "sched_exit_tp", conds: []cond{{v: tpArg(0), op: condZero}}}}},
		{name: "preempt",
			sites: []site{{tp: "sched_entry_tp", conds: []cond{{v: tpArg(0), op: condNonZero}}}}},
		{name: "sleep",
			sites: []site{{tp: "sched_switch", conds: []cond{{v: tpArg(3), op: condNonZero}}}}},
		{name: "wakeup", args: []arg{lwpsinfo, psinfo},
			sites: []site{{tp: "sched_wakeup", vals: []val{tpArg(0), tpArg(0)}}}},
		// A thread joins a run queue in its scheduling class's
		// enqueue_task (CFS, real-time or deadline: 6.1 inlines the
		// generic enqueue_task, 6.12 does not let its dequeue_task be
		// probed) and leaves it in its dequeue_task, each (struct rq *,
		// struct task_struct *, int flags): at wakeups, new threads,
		// blocking, migrations and changes of priority. Without kernel
		// functions, where it wakes (or is new) and where it blocks.
		{name: "enqueue", args: []arg{lwpsinfo, psinfo, cpuinfo},
			sites: []site{
				{tp: "sched_wakeup", vals: []val{tpArg(0), tpArg(0), tpField(0, taskCPU)}},
				{tp: "sched_wakeup_new", vals: []val{tpArg(0), tpArg(0), tpField(0, taskCPU)}},
			},
			better: classSites("enqueue_task_")},
		{name: "dequeue", args: []arg{lwpsinfo, psinfo, cpuinfo},
			sites: []site{{tp: "sched_switch", conds: []cond{{v: tpArg(3), op: condNonZero}},
				vals: []val{tpArg(1), tpArg(1), tpField(1, taskCPU)}}},
			better: classSites("dequeue_task_")},
		// Priority inheritance has a tracepoint; where the kernel can
		// probe functions, also the returns of set_user_nice (nice(2),
		// setpriority(2)) and __sched_setscheduler (sched_setscheduler(2),
		// sched_setattr(2)), with the priority they set.
		{name: "change-pri", args: []arg{lwpsinfo, psinfo, {typ: "int"}},
			sites: []site{piSetprio},
			better: []site{piSetprio,
				{fn: "set_user_nice", ret: true, vals: []val{tpArg(0), tpArg(0), tpField(0, taskPrio)}},
				{fn: "__sched_setscheduler", ret: true, vals: []val{tpArg(0), tpArg(0), tpField(0, taskPrio)}},
			}},
		{name: "surrender", args: []arg{lwpsinfo, psinfo},
			sites: []site{{tp: "sched_set_need_resched_tp", vals: []val{tpArg(0), tpArg(0)}}}},
		{name: "tick", args: []arg{lwpsinfo, psinfo},
			sites: []site{{tp: "local_timer_entry", vals: []val{{src: srcCurrent}, {src: srcCurrent}}}}},
	},
	"io": {
		{name: "start", args: []arg{bufinfo, devinfo, fileinfo},
			sites: []site{{tp: "block_rq_issue", vals: []val{tpArg(0), tpArg(0), tpArg(0)}}}},
		{name: "done", args: []arg{bufinfo, devinfo, fileinfo},
			sites: []site{{tp: "block_rq_complete", vals: []val{tpArg(0), tpArg(0), tpArg(0)}}}},
		// A thread waits for a buffer in submit_bio_wait (Oracle's
		// DTrace fires wait-start and wait-done there too): no
		// tracepoint says which buffer a thread waits for.
		{name: "wait-start", args: []arg{bioBufinfo, bioDevinfo, bioFileinfo},
			sites: []site{{fn: "submit_bio_wait", vals: []val{tpArg(0), tpArg(0), tpArg(0)}}}},
		{name: "wait-done", args: []arg{bioBufinfo, bioDevinfo, bioFileinfo},
			sites: []site{{fn: "submit_bio_wait", ret: true, vals: []val{tpArg(0), tpArg(0), tpArg(0)}}}},
	},
}
