#pragma D option quiet

/* %d of an unsigned value prints it unsigned. */
BEGIN
{
	printf("%d %d\n", (unsigned int)-1, (uint64_t)-1);
	exit(0);
}
