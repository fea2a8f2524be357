#pragma D option quiet

/* profile-N with a bare number is a rate in hertz. */
profile-97
{
	@[probename] = max(1);
	x = 1;
}

tick-10ms
/x/
{
	exit(0);
}
