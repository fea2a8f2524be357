#pragma D option quiet

/* The empty string. */
BEGIN
{
	s = "";
	printf("[%s] %d\n", s, s == "");
	exit(0);
}
