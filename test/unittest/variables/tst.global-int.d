#pragma D option quiet

/* A global assigned and reassigned in one clause. */
BEGIN
{
	x = 10;
	x = x * 2;
	printf("%d\n", x);
	exit(0);
}
