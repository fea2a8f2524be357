/* @@nosort */
#pragma D option quiet

/* BEGIN fires from dtrace's own system call: its kernel stack shows it. */
BEGIN
{
	stack(3);
	exit(0);
}
