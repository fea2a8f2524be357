#pragma D option quiet

/* getmajor() and getminor() split a kernel dev_t: 12 bits, then 20. */
BEGIN
{
	printf("%d %d\n", getmajor(0x00800003), getminor(0x00800003));
	printf("%d %d\n", getmajor(0xfff00000), getminor(0x123456789));
	exit(0);
}
