#pragma D option quiet

/*
 * Precision on integers gives a minimum digit count. A precision of 0 is
 * dropped when DTrace builds the conversion (dt_printf.c), so %.0d of 0
 * prints 0, unlike C.
 */
BEGIN
{
	printf("[%.3d][%6.3d][%.0d]\n", 7, 7, 0);
	exit(0);
}
