/* @@nosort */
/* @@runtest-opts: -x aggsortrev */
/* -x aggsortrev on the command line. */
#pragma D option quiet

BEGIN
{
	@[1] = sum(1);
	@[2] = sum(2);
	exit(0);
}
