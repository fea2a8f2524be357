#pragma D option quiet

/* Precision on nonzero integers gives a minimum digit count. */
BEGIN
{
	printf("[%.3d][%6.3d][%.2d]\n", 7, 7, 123);
	exit(0);
}
