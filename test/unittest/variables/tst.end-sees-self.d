#pragma D option quiet

/* The END probe sees globals changed by earlier clauses. */
BEGIN
{
	x = 1;
}

BEGIN
{
	x += 2;
	exit(0);
}

END
{
	printf("%d\n", x);
}
