#pragma D option quiet

/* profile-N fires. */
profile-10ms
{
	x = 1;
}

tick-10ms
/x/
{
	printf("fired\n");
	exit(0);
}
