#pragma D option bufsize=32

/*
 * A principal buffer that cannot hold the largest record refuses to start
 * (libdtrace's EDT_BUFTOOSMALL).
 */
BEGIN
{
	trace(1);
	trace(2);
	exit(0);
}
