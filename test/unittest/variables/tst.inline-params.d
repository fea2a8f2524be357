#pragma D option quiet

/*
 * An inline associative array expands where it is referenced, each
 * parameter standing for the key written in its place.
 */
inline int scaled[int a, int b] = a * 10 + b;
inline string shout[string s] = strjoin(s, "!");

BEGIN
{
	x = 7;
	printf("%d %d %s\n", scaled[4, 2], scaled[x, x + 1], shout["hi"]);
	exit(0);
}
