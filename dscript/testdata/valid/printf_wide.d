/* Exercises: %wc (wide character) conversion with an int argument. */
#pragma D option quiet

BEGIN
{
	printf("[%wc]\n", (int)'Q');
	exit(0);
}
