/* @@nosort */
#pragma D option quiet

/* Several END clauses run in program order. */
BEGIN
{
	exit(0);
}

END
{
	printf("first\n");
}

END
{
	printf("second\n");
}
