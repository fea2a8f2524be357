/* Exercises: periodic printa + trunc/clear reporting loop typical of top-like tools. */
#pragma D option quiet

BEGIN
{
	secs = 5;
}

syscall:::entry
{
	@sys[execname] = count();
}

tick-1sec
{
	secs--;
}

tick-1sec
/secs == 0/
{
	printf("\n%Y\n", walltimestamp);
	trunc(@sys, 10);
	printa("  %-24s %@10d\n", @sys);
	trunc(@sys);
	secs = 5;
}
