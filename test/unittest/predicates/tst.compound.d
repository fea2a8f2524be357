/* @@nosort */
#pragma D option quiet

/* A predicate with && and ||. */
BEGIN
{
	x = 5;
	y = 0;
}

BEGIN
/x > 1 && x < 10 || y/
{
	printf("a\n");
}

BEGIN
/x > 1 && y/
{
	printf("b\n");
}

BEGIN
/!y/
{
	printf("c\n");
	exit(0);
}
