#pragma D option quiet

/* Precision on strings truncates. */
BEGIN
{
	printf("[%.2s][%5.1s][%.10s]\n", "abcdef", "xyz", "short");
	exit(0);
}
