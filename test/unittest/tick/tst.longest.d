#pragma D option quiet

/*
 * A period past 2^63-1 ns (292 years) is enabled and, like it, never
 * fires while the run lasts.
 */
tick-9223372037s
{
	printf("fired\n");
}

tick-1ms
{
	printf("done\n");
	exit(0);
}
