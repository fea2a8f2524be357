/* Exercises (BTF): task_struct scheduling members __state, on_cpu, policy, flags in predicates and keys. */
sched:::off-cpu
/curthread->__state != 0/
{
	@st[curthread->__state, curthread->policy] = count();
	@kthread[(curthread->flags & 0x00200000) != 0] = count();
	@oncpu = lquantize(curthread->on_cpu, 0, 2, 1);
}
