#pragma D option quiet

/* Shifts: arithmetic right shift for signed, logical for unsigned. */
BEGIN
{
	x = -16;
	u = (unsigned int)0xffffffff;
	printf("%d %d %d %u\n", 1 << 10, 1024 >> 3, x >> 2, u >> 4);
	exit(0);
}
