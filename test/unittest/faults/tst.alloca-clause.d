#pragma D option quiet

/*
 * Scratch memory lasts for its clause: an alloca pointer kept in a global
 * is out of bounds in the next clause, which has allocated nothing.
 */
BEGIN
{
	p = (int *)alloca(8);
	*p = 7;
	printf("%d\n", *p);
}

BEGIN
{
	printf("%d\n", *p);
}

BEGIN
{
	*p = 8;
}

BEGIN
{
	printf("done\n");
	exit(0);
}
