/* @@nosort */
#pragma D option quiet
#pragma D option strsize=16

/*
 * cleanpath() cleans the first strsize characters of its argument.
 */
BEGIN
{
	printf("[%s]\n", cleanpath("/aaaa/bbbb/cccc/dddd/../eeee"));
	printf("[%s]\n", cleanpath("aaaa/./bbbb//cccc/"));
	exit(0);
}
