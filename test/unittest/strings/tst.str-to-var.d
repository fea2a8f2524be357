#pragma D option quiet

/* A string assigned from another string variable. */
BEGIN
{
	a = "first";
	b = a;
	a = "second";
	printf("%s %s\n", a, b);
	exit(0);
}
