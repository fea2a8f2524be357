/* @@runtest-opts: 41 */
/* $1 is the first argument after the options, as an integer. */
#pragma D option quiet

BEGIN
{
	printf("%d\n", $1 + 1);
	exit(0);
}
