#pragma D option quiet

/* The conditional operator. */
BEGIN
{
	x = 7;
	printf("%d %d %s\n", x > 5 ? 1 : 2, x > 10 ? 1 : 2, x == 7 ? "seven" : "other");
	exit(0);
}
