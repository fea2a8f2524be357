#pragma D option quiet

/* if on a string comparison. */
BEGIN
{
	s = "abc";
	if (s == "abc") {
		r = 1;
	} else {
		r = 0;
	}
	printf("%d\n", r);
	exit(0);
}
