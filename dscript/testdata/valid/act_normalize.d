/* Exercises: normalize() and denormalize() of aggregations before printing. */
#pragma D option quiet

syscall::read:return
/(int)arg0 > 0/
{
	@bytes[execname] = sum(arg0);
	@rate[execname] = sum(arg0);
}

tick-10sec
{
	normalize(@rate, 10);
	printa("%-16s %@d B/s\n", @rate);
	denormalize(@rate);
	printa("%-16s %@d B\n", @rate);
	normalize(@bytes, 1024);
	printa(@bytes);
	clear(@bytes);
	clear(@rate);
}
