#pragma D option quiet

/* END runs once after exit() from a counting tick probe. */
int n;

tick-10ms
{
	n++;
}

tick-10ms
/n == 3/
{
	exit(0);
}

END
{
	printf("n = %d\n", n);
}
