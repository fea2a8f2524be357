#pragma D option quiet

/* A missing element reads as zero. */
BEGIN
{
	a[1] = 1;
	printf("%d\n", a[2]);
	exit(0);
}
