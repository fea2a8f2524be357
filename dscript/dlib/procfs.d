/*
 * Process and thread information: psinfo_t and lwpsinfo_t, translated
 * from the running kernel's struct task_struct, and curpsinfo and
 * curlwpsinfo, the current process and thread.
 *
 * Written for dtrace-go from the types' documented meaning in the DTrace
 * guides; the members Linux has no counterpart for are 0, except those
 * DTrace's translators leave out (pr_size and pr_rssize of psinfo_t,
 * pr_nice, pr_oldpri and pr_cpu of lwpsinfo_t), which a program may not
 * read: "translator does not define conversion for member" (and 0 in a
 * whole translated struct).
 */

/* pr_state: what the thread is doing. */
inline char SSLEEP = 1;		/* sleeping */
inline char SRUN = 2;		/* runnable, waiting for a CPU */
inline char SZOMB = 3;		/* exited, not yet reaped */
inline char SSTOP = 4;		/* stopped */
inline char SIDL = 5;		/* being created */
inline char SONPROC = 6;	/* running on a CPU */
inline char SWAIT = 7;		/* waiting to become runnable */

/* pr_dmodel: the process's data model. */
inline char PR_MODEL_ILP32 = 1;
inline char PR_MODEL_LP64 = 2;

typedef int psetid_t;

typedef struct lwpsinfo {
	int pr_flag;		/* flags */
	id_t pr_lwpid;		/* thread id */
	uintptr_t pr_addr;	/* address of the thread's task_struct */
	uintptr_t pr_wchan;	/* wait address (none on Linux) */
	char pr_stype;		/* synchronization object type */
	char pr_state;		/* SRUN, SSLEEP... */
	char pr_sname;		/* pr_state as a letter: R, S, Z, T, O */
	char pr_nice;		/* not translated (D_XLATE_NOCONV) */
	short pr_syscall;	/* system call number (unknown: 0) */
	char pr_oldpri;		/* not translated */
	char pr_cpu;		/* not translated */
	int pr_pri;		/* scheduling priority: the kernel's prio */
	ushort_t pr_pctcpu;	/* not computed: 0 */
	ushort_t pr_pad;
	char pr_clname[8];	/* scheduling class */
	char pr_name[16];	/* thread name */
	processorid_t pr_onpro;	/* the CPU it last ran on */
	processorid_t pr_bindpro; /* the CPU it is bound to, or -1 */
	psetid_t pr_bindpset;	/* processor set binding: -1 */
	int pr_lgrp;		/* locality group: 0 */
} lwpsinfo_t;

typedef struct psinfo {
	int pr_flag;		/* flags */
	int pr_nlwp;		/* number of threads */
	pid_t pr_pid;		/* process id */
	pid_t pr_ppid;		/* parent's process id */
	pid_t pr_pgid;		/* process group id */
	pid_t pr_sid;		/* session id */
	uid_t pr_uid;		/* real user id */
	uid_t pr_euid;		/* effective user id */
	gid_t pr_gid;		/* real group id */
	gid_t pr_egid;		/* effective group id */
	uintptr_t pr_addr;	/* address of the task_struct */
	size_t pr_size;		/* not translated (D_XLATE_NOCONV) */
	size_t pr_rssize;	/* not translated */
	uintptr_t pr_ttydev;	/* the controlling tty's struct, or 0 */
	ushort_t pr_pctcpu;	/* not computed: 0 */
	ushort_t pr_pctmem;	/* not computed: 0 */
	char pr_fname[16];	/* the executable's name */
	char pr_psargs[80];	/* the arguments, joined by spaces (see the README) */
	int pr_wstat;		/* exit status of a zombie */
	int pr_argc;		/* not computed: 0 */
	uintptr_t pr_argv;	/* where the arguments are in the process */
	uintptr_t pr_envp;	/* where its environment is */
	char pr_dmodel;		/* PR_MODEL_LP64 */
	taskid_t pr_taskid;	/* no tasks on Linux: 0 */
	int pr_projid;		/* no projects on Linux: 0 */
	int pr_nzomb;		/* not computed: 0 */
	int pr_poolid;		/* no pools on Linux: 0 */
	zoneid_t pr_zoneid;	/* no zones on Linux: 0 */
	id_t pr_contract;	/* no contracts on Linux: 0 */
} psinfo_t;

translator lwpsinfo_t < struct task_struct *T > {
	pr_flag = 0;
	pr_lwpid = T->pid;
	pr_addr = (uintptr_t)T;
	pr_wchan = 0;
	pr_stype = 0;
	pr_state = (T->exit_state & 0x30) != 0 ? SZOMB :
	    T->__state == 0 ? (T->on_cpu ? SONPROC : SRUN) :
	    (T->__state & 0x3) != 0 ? SSLEEP :
	    (T->__state & 0xc) != 0 ? SSTOP : SWAIT;
	pr_sname = (T->exit_state & 0x30) != 0 ? 'Z' :
	    T->__state == 0 ? (T->on_cpu ? 'O' : 'R') :
	    (T->__state & 0x3) != 0 ? 'S' :
	    (T->__state & 0xc) != 0 ? 'T' : 'W';
	pr_syscall = 0;
	pr_pri = T->prio;
	pr_pctcpu = 0;
	pr_pad = 0;
	pr_clname = T->policy == 1 || T->policy == 2 ? "RT" :
	    T->policy == 6 ? "DL" : T->policy == 5 ? "IDLE" : "TS";
	pr_name = T->comm;
	pr_onpro = T->thread_info.cpu;
	pr_bindpro = -1;
	pr_bindpset = -1;
	pr_lgrp = 0;
};

translator psinfo_t < struct task_struct *T > {
	pr_flag = 0;
	pr_nlwp = T->signal->nr_threads;
	pr_pid = T->tgid;
	pr_ppid = T->real_parent->tgid;
	pr_pgid = ((struct upid *)T->signal->pids[2]->numbers)->nr;
	pr_sid = ((struct upid *)T->signal->pids[3]->numbers)->nr;
	pr_uid = T->cred->uid.val;
	pr_euid = T->cred->euid.val;
	pr_gid = T->cred->gid.val;
	pr_egid = T->cred->egid.val;
	pr_addr = (uintptr_t)T->group_leader;
	pr_ttydev = (uintptr_t)T->signal->tty;
	pr_pctcpu = 0;
	pr_pctmem = 0;
	pr_fname = T->group_leader->comm;
	pr_psargs = d_execargs(T);
	pr_wstat = T->exit_code;
	pr_argc = 0;
	pr_argv = T->mm == NULL ? 0 : T->mm->arg_start;
	pr_envp = T->mm == NULL ? 0 : T->mm->env_start;
	pr_dmodel = PR_MODEL_LP64;
	pr_taskid = 0;
	pr_projid = 0;
	pr_nzomb = 0;
	pr_poolid = 0;
	pr_zoneid = 0;
	pr_contract = 0;
};

inline psinfo_t *curpsinfo = xlate <psinfo_t *> (curthread);
inline lwpsinfo_t *curlwpsinfo = xlate <lwpsinfo_t *> (curthread);
