#pragma D option quiet

/* A true constant predicate lets the clause run. */
BEGIN
/1/
{
	printf("yes\n");
}

BEGIN
{
	exit(0);
}
