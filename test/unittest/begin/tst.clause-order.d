/* @@nosort */
#pragma D option quiet

/* Clauses for the same probe run in program order. */
BEGIN
{
	printf("one\n");
}

BEGIN
{
	printf("two\n");
}

BEGIN
{
	printf("three\n");
	exit(0);
}
