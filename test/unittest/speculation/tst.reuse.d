/* @@nosort */
#pragma D option quiet

/*
 * A committed or discarded speculation can be claimed again, and then
 * holds only what is speculated to it from then on.
 */
BEGIN
{
	first = speculation();
}

BEGIN
{
	speculate(first);
	printf("first, committed\n");
}

BEGIN
{
	commit(first);
}

BEGIN
{
	second = speculation();
}

BEGIN
{
	speculate(second);
	printf("second, discarded\n");
}

BEGIN
{
	discard(second);
}

BEGIN
{
	third = speculation();
}

BEGIN
{
	speculate(third);
	printf("third, committed\n");
}

BEGIN
{
	commit(third);
}

BEGIN
{
	printf("ids %d %d %d\n", first, second, third);
	exit(0);
}
