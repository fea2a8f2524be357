#pragma D option quiet

/* if on an associative array element, updating it. */
BEGIN
{
	a["n"] = 1;
	if (a["n"] == 1) {
		a["n"] = 5;
	}
	printf("%d\n", a["n"]);
	exit(0);
}
