#pragma D option quiet

/* Reassigning a shorter string leaves nothing of the longer one. */
BEGIN
{
	s = "a much longer string";
	s = "x";
	printf("[%s]\n", s);
	exit(0);
}
