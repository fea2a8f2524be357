#pragma D option quiet

/* * takes the width from an argument. */
BEGIN
{
	printf("[%*d][%-*d]\n", 5, 42, 4, 7);
	exit(0);
}
