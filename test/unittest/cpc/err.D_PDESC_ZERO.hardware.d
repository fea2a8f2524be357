/*
 * An event this system cannot count matches no probe: here, without
 * hardware performance counters (a virtual machine), instructions.
 */
cpc:::instructions-all-10000000
{
	@[execname] = count();
}
