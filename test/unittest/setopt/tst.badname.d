#pragma D option quiet

/* An unknown option is a warning; the clause and tracing go on. */
BEGIN
{
	setopt("Nixon");
	setopt("Harding", "yes");
	printf("still here\n");
	exit(0);
}
