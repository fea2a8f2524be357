/* @@nosort */
#pragma D option quiet
#pragma D option nspec=2

/* Speculating clauses chosen by a predicate on the speculation's id. */
BEGIN
{
	a = speculation();
	b = speculation();
}

BEGIN
/a == 1/
{
	speculate(a);
	printf("to %d\n", a);
}

BEGIN
/b == 1/
{
	speculate(b);
	printf("never\n");
}

BEGIN
/b == 2/
{
	speculate(b);
	printf("to %d\n", b);
}

BEGIN
/a/
{
	discard(a);
}

BEGIN
/b/
{
	commit(b);
}

BEGIN
{
	exit(0);
}
