#pragma D option quiet

/* avg() is the integer quotient of sum and count. */
BEGIN
{
	@a = avg(1);
	@a = avg(2);
	@a = avg(4);
	exit(0);
}
