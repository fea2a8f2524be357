#pragma D option quiet

/* sum() keyed by an int and a string. */
BEGIN
{
	@[1, "x"] = sum(3);
	@[2, "y"] = sum(4);
	exit(0);
}
