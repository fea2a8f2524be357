/* @@trigger: exec dd if=/dev/zero of=/dev/null bs=1 count=20000000 */
#pragma D option quiet

/*
 * profile-N's arg0 is the interrupted PC when the kernel was interrupted,
 * arg1 when a user process was; the other is 0.
 */
int n, both, neither;

profile-997
{
	n++;
}

profile-997
/arg0 != 0 && arg1 != 0/
{
	both++;
}

profile-997
/arg0 == 0 && arg1 == 0/
{
	neither++;
}

tick-1s
/n > 0/
{
	printf("both %d, neither %d\n", both, neither);
	exit(0);
}
