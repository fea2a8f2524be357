#pragma D option quiet

/* String functions given an address they cannot read fault. */
BEGIN
{
	trace(strlen((char *)0));
}

BEGIN
{
	trace(substr((char *)8, 1));
}

BEGIN
{
	s = "abc";
	trace(strlen(strstr(s, "x")));
}

BEGIN
{
	printf("%d\n", strlen(s));
	exit(0);
}
