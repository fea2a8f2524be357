#pragma D option quiet

/* A global string variable. */
BEGIN
{
	s = "value";
	printf("[%s]\n", s);
	exit(0);
}
