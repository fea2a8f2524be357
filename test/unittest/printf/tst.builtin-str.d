#pragma D option quiet

/* %s of built-in string variables. */
BEGIN
{
	printf("%s %s\n", probeprov, probename);
	exit(0);
}
