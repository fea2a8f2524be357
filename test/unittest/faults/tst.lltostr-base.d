#pragma D option quiet

/* lltostr() with a base outside 2..36 is an illegal operation. */
BEGIN
{
	printf("%s %s\n", lltostr(35, 36), lltostr(5, 2));
}

BEGIN
{
	b = 1;
	trace(lltostr(10, b));
}

BEGIN
{
	trace(lltostr(10, 37));
}

BEGIN
{
	printf("done\n");
	exit(0);
}
