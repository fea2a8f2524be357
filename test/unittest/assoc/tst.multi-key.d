#pragma D option quiet

/* A two-key associative array. */
BEGIN
{
	a[1, "x"] = 5;
	a[1, "y"] = 6;
	a[2, "x"] = 7;
	printf("%d %d %d\n", a[1, "x"], a[1, "y"], a[2, "x"]);
	exit(0);
}
