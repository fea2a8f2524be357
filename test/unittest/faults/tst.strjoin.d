#pragma D option quiet

/*
 * strjoin, toupper and tolower of an address they cannot read fault, each
 * argument of strjoin alike.
 */
BEGIN
{
	trace(strjoin((char *)0, "b"));
}

BEGIN
{
	trace(strjoin("a", (char *)0));
}

BEGIN
{
	trace(toupper((char *)0));
}

BEGIN
{
	printf("%s %s\n", strjoin("a", "b"), tolower("AB"));
	exit(0);
}
