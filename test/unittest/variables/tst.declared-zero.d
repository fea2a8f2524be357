#pragma D option quiet

/* Declared globals start as zero and the empty string. */
int x;
string s;

BEGIN
{
	printf("%d [%s]\n", x, s);
	exit(0);
}
