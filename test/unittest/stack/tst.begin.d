/* @@nosort */
#pragma D option quiet

/*
 * BEGIN and END have no kernel stack (DTrace for Linux fires them from its
 * own process, in user mode): stack() shows no frame, stackdepth is 0 and
 * caller 0, in a clause of BEGIN or END alone and in one of BEGIN and
 * another probe.
 */
BEGIN
{
	stack(3);
	printf("[BEGIN %d %d]\n", stackdepth, caller);
}

BEGIN, syscall::getppid:entry
{
	stack();
	printf("[%s %d]\n", probename, stackdepth);
	exit(0);
}

END
{
	stack();
	printf("[END %d]\n", stackdepth);
}
