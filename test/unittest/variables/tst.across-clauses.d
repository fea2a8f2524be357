#pragma D option quiet

/* A global set in one clause is seen in the next. */
BEGIN
{
	x = 5;
}

BEGIN
{
	printf("%d\n", x);
	exit(0);
}
