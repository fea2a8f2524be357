#pragma D option quiet

/*
 * Rates and compile-time options are accepted while tracing, without
 * effect; a compile-time flag is refused: setopt("zdefs") gives it "1",
 * as DTrace's consumer does, and it takes no value.
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
