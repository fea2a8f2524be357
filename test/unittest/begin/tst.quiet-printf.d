#pragma D option quiet

/* BEGIN fires once; printf output is printed verbatim under quiet. */
BEGIN
{
	printf("hello, world\n");
	exit(0);
}
