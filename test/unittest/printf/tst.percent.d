#pragma D option quiet

/* %% prints a percent sign. */
BEGIN
{
	printf("100%%\n");
	exit(0);
}
