/* Exercises: printf with only a format string (no conversions), including empty lines. */
#pragma D option quiet

BEGIN
{
	printf("Tracing... Hit Ctrl-C to end.\n");
	printf("\n");
	printf("--------------------------------\n");
}
