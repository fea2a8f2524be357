#pragma D option quiet

/* Assigning zero deletes an element; it reads as zero again. */
BEGIN
{
	a[1] = 5;
	a[1] = 0;
	printf("%d\n", a[1]);
	exit(0);
}
