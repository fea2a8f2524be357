#pragma D option quiet

/* END runs after exit() from a tick probe. */
tick-10ms
{
	exit(0);
}

END
{
	printf("%s\n", probename);
}
