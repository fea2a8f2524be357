#pragma D option quiet

/* Precision on integers gives a minimum digit count. */
BEGIN
{
	printf("[%.3d][%6.3d][%.0d]\n", 7, 7, 0);
	exit(0);
}
