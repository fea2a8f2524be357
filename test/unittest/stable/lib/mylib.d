/*
 * A library for tst.libdir.d: a type, a translator from the kernel's
 * task_struct, an inline using them, and a translator that does not fit
 * the kernel (a member task_struct lacks), which is left out.
 */
#pragma D depends_on library procfs.d

typedef struct mytask {
	int mt_pid;
	int mt_ppid;
	int mt_both;
} mytask_t;

translator mytask_t < struct task_struct *T > {
	mt_pid = T->tgid;
	mt_ppid = T->real_parent->tgid;
	mt_both = T->tgid + curpsinfo->pr_ppid;
};

inline mytask_t *mytask = xlate <mytask_t *> (curthread);
inline int MYCONST = 42;

typedef struct broken {
	int b_x;
} broken_t;

translator broken_t < struct task_struct *T > {
	b_x = T->no_such_member_here;
};
