#pragma D option quiet
#pragma D option strsize=8

/*
 * Against a literal of strsize characters or more, the comparison is of
 * strings truncated to strsize, as any other; below that the literal and
 * the byte after it decide.
 */
BEGIN
{
	s = "abcdefghij";
	t = "abcdef";
	printf("%d %d %d\n", s == "abcdefgh", s == "abcdefghij", s == "abcdefg");
	printf("%d %d %d\n", t == "abcdef", t == "abcdefg", t != "abcdefgh");
	printf("%d %d\n", execname == "dtrace", execname == "dtracedtrace");
	exit(0);
}
