#pragma D option quiet

/* sizeof on the basic types. */
BEGIN
{
	printf("%d %d %d %d %d\n", sizeof (char), sizeof (short), sizeof (int), sizeof (long), sizeof (long long));
	exit(0);
}
