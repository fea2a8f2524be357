/* Exercises: lquantize() with explicit step, negative lower bound, and the increment argument. */
sched:::on-cpu
{
	@pri[execname] = lquantize(cpu, 0, 128, 8);
	@neg = lquantize((int)arg0, -100, 100, 10);
	@inc = lquantize(cpu, 0, 64, 4, 3);
}
