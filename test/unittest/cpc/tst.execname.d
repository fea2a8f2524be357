/* @@trigger: exec dd if=/dev/zero of=/dev/null bs=1 count=50000000 */
#pragma D option quiet

/*
 * cpc:::cpu_clock-all-N samples every N nanoseconds of a CPU's clock, on
 * every CPU, in the context it interrupts: here the busy dd.
 */
cpc:::cpu_clock-all-1000000
/execname == "dd"/
{
	@[execname] = count();
	dd++;
}

tick-10ms
/dd > 0/
{
	exit(0);
}

END
{
	printa("%s sampled\n", @);
}
