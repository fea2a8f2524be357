/* @@timeout: 3 */
#pragma D option quiet

/*
 * exit() followed by a fault in a clause that fires after BEGIN: tracing
 * stops at once, END runs, and the status is 0: exit(3)'s record was lost
 * with the fault, as in DTrace.
 */
int y;

tick-100
{
	exit(3);
	x = 1 / y;
}

END
{
	printf("end\n");
}
