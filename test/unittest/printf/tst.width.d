#pragma D option quiet

/* A field width right-justifies. */
BEGIN
{
	printf("[%5d][%5s][%2d]\n", 42, "ab", 12345);
	exit(0);
}
