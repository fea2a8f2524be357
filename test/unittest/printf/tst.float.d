#pragma D option quiet

/*
 * Doubles and floats read from memory print with %e, %f, %g and their
 * upper-case forms, flags, width and precision as C prints a double; a
 * float is widened to a double first. A precision of 0 is no precision.
 */
double zero;

BEGIN
{
	d = (double *)alloca(8);
	*(uint64_t *)d = 0xc0934a456d5cfaad;	/* -1234.5678 */
	f = (float *)alloca(4);
	*(uint32_t *)f = 0x3fc00000;		/* 1.5 */
	printf("[%f] [%e] [%g] [%E] [%G]\n", *d, *d, *d, *d, *d);
	printf("[%12.3f] [%-12.3f|] [%+.2e] [%#g] [%010.2f] [% f]\n",
	    *d, *d, *d, *d, *d, *d);
	printf("[%.0f] [%.1g] [%*.*f]\n", *d, *d, 12, 1, *d);
	printf("[%f] [%e] [%g] [%+G] [%-8.2f|]\n", *f, *f, *f, *f, *f);
	printf("[%f] [%e] [%g] [%#g]\n", zero, zero, zero, zero);
	exit(0);
}
