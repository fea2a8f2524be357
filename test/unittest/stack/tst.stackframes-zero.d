#pragma D option quiet
#pragma D option stackframes=0

/*
 * stackframes=0: stack() records no frames and prints as an empty stack,
 * as an action and as an aggregation key.
 */
tick-1ms
{
	stack();
	printf("|\n");
	@[stack()] = count();
	exit(0);
}

END
{
	printa("%k|%@d\n", @);
}
