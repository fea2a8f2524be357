/* Exercises: the ERROR probe and its arguments (arg1..arg5 describe the fault). */
#pragma D option quiet

BEGIN
{
	x = *(int *)0;
}

ERROR
{
	printf("error: epid=%d index=%d offset=%d fault=%d addr=0x%x\n",
	    arg1, arg2, arg3, arg4, arg5);
	exit(1);
}
