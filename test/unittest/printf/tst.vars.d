#pragma D option quiet

/* printf of variables of several types. */
BEGIN
{
	i = -1;
	l = (long long)1 << 33;
	s = "str";
	printf("%d %d %s\n", i, l, s);
	exit(0);
}
