/*
 * The pragma sets defaultargs for the rest of the program, as -x
 * defaultargs: an argument not given reads as 0, or "" as a string.
 */
#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	printf("[%d] [%s] [%d]\n", $1, $$2, $3 + 1);
	exit(0);
}
