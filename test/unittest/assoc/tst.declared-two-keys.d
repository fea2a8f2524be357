#pragma D option quiet

/* A declared two-key associative array. */
int b[int, string];

BEGIN
{
	b[3, "z"] = 8;
	printf("%d %d\n", b[3, "z"], b[3, "y"]);
	exit(0);
}
