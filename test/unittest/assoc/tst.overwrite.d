#pragma D option quiet

/* Assigning to an existing element replaces it. */
BEGIN
{
	a["k"] = 1;
	a["k"] = 2;
	printf("%d\n", a["k"]);
	exit(0);
}
