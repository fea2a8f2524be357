#pragma D option quiet

/* arg4 is DTRACEFLT_DIVZERO (4) for a division by zero. */
dtrace:::ERROR
{
	printf("fault %d in clause %d\n", arg4, arg2);
}

BEGIN
{
	printf("clause 1 records nothing\n");
}

BEGIN
{
	z = 0;
	z = z / z;
}

BEGIN
{
	exit(0);
}
