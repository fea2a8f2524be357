#pragma D option quiet

/* After exit() the probe does not fire again. */
tick-10ms
{
	printf("tick\n");
	exit(0);
}
