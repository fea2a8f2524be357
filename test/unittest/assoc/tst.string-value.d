#pragma D option quiet

/* An associative array of strings. */
BEGIN
{
	a[1] = "one";
	a[2] = "two";
	printf("%s %s\n", a[1], a[2]);
	exit(0);
}
