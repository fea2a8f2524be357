/* @@trigger: exec dd if=/dev/zero of=/dev/null bs=1 count=50000000 */
#pragma D option quiet

/*
 * A cpc probe's arg0 is the interrupted PC when the counter overflowed in
 * the kernel, arg1 when it overflowed in a user process; the other is 0.
 */
int n, both, neither;

cpc:::cpu_clock-all-1000000
{
	n++;
}

cpc:::cpu_clock-all-1000000
/arg0 != 0 && arg1 != 0/
{
	both++;
}

cpc:::cpu_clock-all-1000000
/arg0 == 0 && arg1 == 0/
{
	neither++;
}

tick-10ms
/n > 0/
{
	printf("both %d, neither %d\n", both, neither);
	exit(0);
}
