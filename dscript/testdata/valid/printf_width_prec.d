/* Exercises: printf field widths and precisions on integers and strings. */
#pragma D option quiet

BEGIN
{
	printf("[%8d] [%.5d] [%8.5d] [%-8.3d]\n", 42, 42, 42, 42);
	printf("[%.3s] [%10.3s] [%-10.2s]\n", "abcdef", "abcdef", "abcdef");
	printf("[%5x] [%.8x] [%012X]\n", 0xbeef, 0xbeef, 0xbeef);
	exit(0);
}
