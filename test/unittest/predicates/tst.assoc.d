#pragma D option quiet

/* A predicate on an associative array element. */
BEGIN
{
	a["k"] = 2;
}

BEGIN
/a["k"] == 2/
{
	printf("two\n");
}

BEGIN
/a["j"]/
{
	printf("j\n");
}

BEGIN
{
	exit(0);
}
