/* Exercises: #pragma D option quiet (boolean option with no value). */
#pragma D option quiet

BEGIN
{
	printf("only explicit output\n");
	exit(0);
}
