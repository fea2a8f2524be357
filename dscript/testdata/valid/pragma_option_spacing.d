/* Exercises: pragma lines with extra whitespace and tabs, and option values with k/hz units. */
#pragma	D	option	quiet
#  pragma D option strsize=1k
#pragma D option   switchrate=100hz

BEGIN
{
	printf("ok\n");
	exit(0);
}
