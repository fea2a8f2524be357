#pragma D option quiet

/* * takes the precision from an argument. */
BEGIN
{
	printf("[%.*s][%*.*d]\n", 3, "abcdef", 6, 4, 12);
	exit(0);
}
