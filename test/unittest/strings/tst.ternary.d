#pragma D option quiet

/* The conditional operator on strings. */
BEGIN
{
	x = 0;
	printf("%s %s\n", x ? "yes" : "no", !x ? "yes" : "no");
	exit(0);
}
