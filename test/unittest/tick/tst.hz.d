#pragma D option quiet

/* tick-Nhz is a rate. */
tick-50hz
{
	printf("%s\n", probename);
	exit(0);
}
