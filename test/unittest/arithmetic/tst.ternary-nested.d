#pragma D option quiet

/* Nested conditional operators. */
BEGIN
{
	x = 15;
	printf("%s\n", x < 10 ? "small" : x < 20 ? "medium" : "large");
	exit(0);
}
