/* Exercises (BTF): curthread->signal->nr_threads and group_leader pointer comparison. */
sched:::on-cpu
/curthread->signal->nr_threads > 1/
{
	@mt[execname, curthread->signal->nr_threads] = count();
	@leader[curthread->group_leader == curthread] = count();
}
