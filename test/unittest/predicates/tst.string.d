#pragma D option quiet

/* A predicate comparing probename. */
BEGIN
/probename == "BEGIN"/
{
	printf("begin\n");
}

BEGIN
/probename != "BEGIN"/
{
	printf("wrong\n");
}

BEGIN
{
	exit(0);
}
