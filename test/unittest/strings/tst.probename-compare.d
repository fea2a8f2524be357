#pragma D option quiet

/* probename compares equal to a literal. */
BEGIN
{
	printf("%d %d\n", probename == "BEGIN", probename == "END");
	exit(0);
}
