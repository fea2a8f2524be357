/* Exercises: %Y (date/time) and %T (RFC822 time) conversions of walltimestamp. */
#pragma D option quiet

tick-1sec
{
	printf("%Y | %T\n", walltimestamp, walltimestamp);
}
