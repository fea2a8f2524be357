#pragma D option quiet

/*
 * Enabled probe IDs number each clause's enablings from 1, clause by
 * clause; a clause matching two probes has two.
 */
BEGIN
{
	printf("%d\n", epid);
}

syscall::getppid:entry,
syscall::umask:entry
{
	trace(epid);
}

BEGIN
{
	printf("%d\n", epid);
	exit(0);
}
