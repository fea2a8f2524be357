#pragma D option quiet

/* Without a fault, ERROR never fires. */
ERROR
{
	printf("not printed\n");
}

BEGIN
{
	printf("no fault\n");
	exit(0);
}
