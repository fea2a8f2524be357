#pragma D option quiet

/* %o. */
BEGIN
{
	printf("%o %o\n", 8, 511);
	exit(0);
}
