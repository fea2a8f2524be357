/* Exercises: literal %% in format strings, alone and next to conversions. */
#pragma D option quiet

BEGIN
{
	used = 45;
	printf("100%%\n");
	printf("disk %d%% used, %d%% free\n", used, 100 - used);
	printf("%%d is literal, %d is not\n", used);
	exit(0);
}
