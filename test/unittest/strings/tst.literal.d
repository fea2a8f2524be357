#pragma D option quiet

/* A string literal printed with %s. */
BEGIN
{
	printf("%s\n", "hello");
	exit(0);
}
