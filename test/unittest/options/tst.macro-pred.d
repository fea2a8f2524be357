/* @@runtest-opts: 7 */
/* A macro argument in a predicate. */
#pragma D option quiet

BEGIN
/$1 == 7/
{
	printf("seven\n");
}

BEGIN
{
	exit(0);
}
