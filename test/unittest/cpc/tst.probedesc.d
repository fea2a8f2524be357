/* @@trigger: exec dd if=/dev/zero of=/dev/null bs=1 count=50000000 */
#pragma D option quiet

/*
 * A cpc probe is made from its name, cpc:::EVENT-MODE-COUNT, and a count
 * with leading zeros names a probe of its own.
 */
cpc:::cpu_clock-all-1000000,
cpc:::cpu_clock-all-01000000
{
	@[probeprov, probemod, probefunc, probename] = max(1);
}

cpc:::cpu_clock-all-01000000
{
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
