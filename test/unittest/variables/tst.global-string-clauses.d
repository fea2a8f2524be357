#pragma D option quiet

/* A global string set in one clause is printed in another. */
BEGIN
{
	name = "dtrace";
}

BEGIN
{
	printf("%s\n", name);
	exit(0);
}
