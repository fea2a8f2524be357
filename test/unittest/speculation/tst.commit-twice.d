/* @@nosort */
#pragma D option quiet
#pragma D option nspec=2

/*
 * commit() may follow commit() in a clause, as DTrace for Linux allows,
 * and committing a speculation already committed does nothing.
 */
BEGIN
{
	a = speculation();
	b = speculation();
}

BEGIN
{
	speculate(a);
	printf("a\n");
}

BEGIN
{
	speculate(b);
	printf("b\n");
}

BEGIN
{
	commit(a);
	commit(b);
	commit(a);
}

BEGIN
{
	printf("done\n");
	exit(0);
}
