#pragma D option quiet

/* The five arithmetic operators on constants. */
BEGIN
{
	printf("%d %d %d %d %d\n", 7 + 3, 7 - 10, 6 * 7, 17 / 5, 17 % 5);
	exit(0);
}
