#pragma D option quiet

/* A predicate on a global set by an earlier clause. */
BEGIN
{
	x = 5;
}

BEGIN
/x == 5/
{
	printf("five\n");
}

BEGIN
/x != 5/
{
	printf("other\n");
}

BEGIN
{
	exit(0);
}
