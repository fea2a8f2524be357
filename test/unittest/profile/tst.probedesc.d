#pragma D option quiet

/* profile-N is profile:::profile-N (keys of a max() aggregation, printed by printa()). */
profile-10ms
{
	@[probeprov, probemod, probefunc, probename] = max(1);
	x = 1;
}

tick-10ms
/x/
{
	exit(0);
}

END
{
	printa("%s:%s:%s:%s %@d\n", @);
}
