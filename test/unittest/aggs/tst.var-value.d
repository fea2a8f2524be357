#pragma D option quiet

/* Aggregating values held in variables. */
BEGIN
{
	x = 20;
	@s = sum(x);
	@s = sum(x * 2);
	exit(0);
}
