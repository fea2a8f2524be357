#pragma D option quiet

/* if and else with single statements. */
BEGIN
{
	x = 0;
	if (x)
		y = 10;
	else
		y = 20;
	printf("%d\n", y);
	exit(0);
}
