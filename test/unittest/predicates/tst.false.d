#pragma D option quiet

/* A false constant predicate skips the clause. */
BEGIN
/0/
{
	printf("no\n");
}

BEGIN
{
	printf("done\n");
	exit(0);
}
