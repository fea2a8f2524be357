/* The mode is user, kernel or all. */
cpc:::cpu_clock-both-10000000
{
	@[execname] = count();
}
