/* Exercises: ftruncate() action (truncates the output file before each periodic report). */
#pragma D option quiet

tick-1sec
{
	ftruncate();
	printf("%Y\n", walltimestamp);
}
