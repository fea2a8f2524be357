/* Exercises: %c with char, short and int arguments, and %C (escaped char). */
#pragma D option quiet

BEGIN
{
	c = 'x';
	printf("[%c] [%3c] [%-3c] [%c]\n", c, (char)'y', (short)'z', (int)'w');
	printf("[%C] [%C]\n", (char)'\n', (char)'a');
	exit(0);
}
