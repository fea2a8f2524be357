/* @@nosort */
#pragma D option quiet

/* llquantize() of a counter over 100 firings: 0 to 99, factor 3. */
int i;

tick-1ms
/i < 100/
{
	@ = llquantize(i++, 3, 1, 4, 9);
}

tick-1ms
/i == 100/
{
	exit(0);
}
