/* An attribute part (illumos' unit masks) is refused, as DTrace refuses it. */
cpc:::cpu_clock-all-umask_1-10000000
{
	@[execname] = count();
}
