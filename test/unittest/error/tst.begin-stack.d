#pragma D option quiet

/*
 * A fault in BEGIN fires ERROR with what BEGIN sees: DTrace fires BEGIN
 * from user space, where the kernel stack is empty, so that ERROR's
 * stack() records no frame and stackdepth and caller are 0.
 */
BEGIN
{
	x = *(int *)0;
}

ERROR
{
	printf("stackdepth %d caller %x\n", stackdepth, caller);
	stack();
	printf("end\n");
	exit(0);
}
