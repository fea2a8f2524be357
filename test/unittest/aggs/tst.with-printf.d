/* @@nosort */
#pragma D option quiet

/* printf output comes first; aggregations print after the final newline. */
BEGIN
{
	printf("data\n");
	@ = count();
	exit(0);
}
