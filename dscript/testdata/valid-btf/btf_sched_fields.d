/* Exercises (BTF): embedded struct member access curthread->se.vruntime plus nvcsw/nivcsw counters. */
sched:::off-cpu
{
	@vrt[execname] = max(curthread->se.vruntime);
	@vol[execname] = max(curthread->nvcsw);
	@invol[execname] = max(curthread->nivcsw);
}
