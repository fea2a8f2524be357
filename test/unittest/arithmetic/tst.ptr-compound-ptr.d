#pragma D option quiet

/*
 * p -= q of two pointers to the same type leaves in p the elements
 * between them, as p - q counts them; p += 1 moves p by one element.
 */
BEGIN
{
	p = (int *)64;
	q = (int *)16;
	p -= q;
	printf("%d\n", (long)p);
	p += 1;
	printf("%d\n", (long)p);
	exit(0);
}
