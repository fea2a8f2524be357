/* @@nosort */
#pragma D option quiet

/* quantize() of tick counts 1..4. */
int n;

tick-10ms
/n < 4/
{
	n++;
	@q = quantize(n);
}

tick-10ms
/n == 4/
{
	exit(0);
}
