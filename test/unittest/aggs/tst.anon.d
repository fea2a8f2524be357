#pragma D option quiet

/* The anonymous aggregation @. */
BEGIN
{
	@ = sum(41);
	@ = sum(1);
	exit(0);
}
