/* Exercises: printf integer conversions %d %i %u %o %x %X %c on various integer types. */
#pragma D option quiet

BEGIN
{
	i = (int)'A';
	printf("%d %i %u %o %x %X %c\n", i, i, (uint_t)i, (uint_t)i, (uint_t)i, (uint_t)i, i);
	printf("%d %i %u %x\n", -1, -2, 3, 255);
	printf("%d %u %x\n", timestamp, timestamp, timestamp);
	exit(0);
}
