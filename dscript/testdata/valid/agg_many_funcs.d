/* Exercises: every aggregating function in one clause, with the same key. */
syscall::write:entry
{
	@a[execname] = count();
	@b[execname] = sum(arg2);
	@c[execname] = avg(arg2);
	@d[execname] = min(arg2);
	@e[execname] = max(arg2);
	@f[execname] = stddev(arg2);
	@g[execname] = quantize(arg2);
	@h[execname] = lquantize(arg2, 0, 10000, 100);
	@i[execname] = llquantize(arg2, 10, 0, 6, 10);
}
