/* Exercises: proc provider probes exec-success, exit and create. */
#pragma D option quiet

proc:::exec-success
{
	printf("%d %s\n", pid, execname);
}

proc:::create
{
	@forks[execname] = count();
}

proc:::exit
{
	@exits[execname] = count();
}
