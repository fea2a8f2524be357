/* @@runtest-opts: 3 4 */
/* $1 and $2. */
#pragma D option quiet

BEGIN
{
	printf("%d %d\n", $1, $2);
	exit(0);
}
