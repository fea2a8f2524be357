#pragma D option quiet

/* A declared associative array with increments. */
int a[string];

BEGIN
{
	a["k"]++;
	a["k"]++;
	a["k"] += 3;
	printf("%d\n", a["k"]);
	exit(0);
}
