#pragma D option quiet

/* %s. */
BEGIN
{
	printf("%s-%s\n", "left", "right");
	exit(0);
}
