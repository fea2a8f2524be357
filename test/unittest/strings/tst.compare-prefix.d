#pragma D option quiet

/* A prefix sorts before the longer string. */
BEGIN
{
	s = "ab";
	t = "abc";
	printf("%d %d\n", s < t, t < s);
	exit(0);
}
