/* @@nosort */
#pragma D option quiet

/* Text before and after printa() output. */
BEGIN
{
	@ = sum(1);
	printf("before\n");
	printa("%@d\n", @);
	printf("after\n");
	exit(0);
}
