#pragma D option quiet

/* String comparison across clauses. */
BEGIN
{
	s = "x";
}

BEGIN
/s == "x"/
{
	printf("matched\n");
	exit(0);
}
