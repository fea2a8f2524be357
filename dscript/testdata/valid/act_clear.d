/* Exercises: clear() keeps keys but zeroes values; used for interval reporting. */
#pragma D option quiet

syscall::write:entry
{
	@w[execname] = count();
}

tick-1sec
{
	printf("%Y\n", walltimestamp);
	printa("  %-20s %@8d\n", @w);
	clear(@w);
}
