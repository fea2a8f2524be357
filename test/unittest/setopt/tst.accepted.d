#pragma D option quiet

/*
 * Rates and compile-time options are accepted while tracing, without
 * effect; a compile-time flag given a value is refused.
 */
BEGIN
{
	setopt("switchrate", "10hz");
	setopt("aggrate", "1ms");
	setopt("zdefs");
	setopt("zdefs", "x");
	printf("done\n");
	exit(0);
}
