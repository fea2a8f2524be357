/* Exercises: actions (printf, trace, aggregation, exit) inside if/else branches. */
#pragma D option quiet

BEGIN
{
	n = 0;
}

tick-100ms
{
	n++;
	if (n % 10 == 0) {
		printf("tick %d\n", n);
		trace(timestamp);
	}
	if (n >= 50)
		exit(0);
}
