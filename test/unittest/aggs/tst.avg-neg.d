#pragma D option quiet

/* avg() of negative values truncates toward zero. */
BEGIN
{
	@a = avg(-7);
	@a = avg(0);
	exit(0);
}
