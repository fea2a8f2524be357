#pragma D option quiet

/* print() of a NULL pointer is an invalid address fault. */

BEGIN
{
	print((int *)0);
}

ERROR
{
	printf("fault %d at 0x%x\n", arg4, arg5);
	exit(0);
}
