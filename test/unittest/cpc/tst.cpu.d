/* @@trigger: exec dd if=/dev/zero of=/dev/null bs=1 count=50000000 */
/* @@runtest-opts: -x cpu=0 */
#pragma D option quiet

/* Under -x cpu, a cpc probe fires on that CPU only. */
cpc:::cpu_clock-all-1000000
{
	@[cpu] = count();
	n++;
}

tick-10ms
/n > 10/
{
	exit(0);
}

END
{
	printa("cpu %d fired\n", @);
}
