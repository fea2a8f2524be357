#pragma D option quiet
#pragma D option cpu=0

/*
 * Only CPU 0's firings run the clauses; BEGIN and END fire there.
 */
BEGIN
{
	printf("BEGIN on %d\n", cpu);
}

syscall:::entry
{
	@cpus[cpu] = count();
}

tick-200ms
{
	exit(0);
}

END
{
	printf("END on %d\n", cpu);
	printa("syscalls on %d\n", @cpus);
}
