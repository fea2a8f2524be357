#pragma D option dynvarsize=32

/*
 * A dynvarsize that cannot hold one key and value of the largest dynamic
 * variable refuses to start (libdtrace's EDT_BUFTOOSMALL).
 */
BEGIN
{
	a["key", 1] = 1;
	self->t = 2;
	exit(0);
}
