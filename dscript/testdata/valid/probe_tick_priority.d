/* Exercises: many tick clauses with differing rates, exit after a deadline. */
#pragma D option quiet

BEGIN
{
	secs = 0;
}

tick-1sec
{
	secs++;
	printf("%d\n", secs);
}

tick-250ms
/secs >= 5/
{
	exit(0);
}
