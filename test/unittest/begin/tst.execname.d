#pragma D option quiet

/* BEGIN fires in the context of the dtrace process itself. */
BEGIN
{
	printf("%s\n", execname);
	exit(0);
}
