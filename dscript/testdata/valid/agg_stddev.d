/* Exercises: stddev() alongside avg(), printed together with printa. */
#pragma D option quiet

syscall::write:entry
{
	@mean[execname] = avg(arg2);
	@sd[execname] = stddev(arg2);
}

END
{
	printa("%-16s mean=%@d stddev=%@d\n", @mean, @sd);
}
