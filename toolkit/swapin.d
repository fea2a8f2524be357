#!/usr/bin/env -S dtrace -Zqs
/*
 * swapin.d: pages read back from swap, counted by process each interval:
 * which processes are paying for memory pressure by waiting for their
 * memory to come back from the swap device.
 *
 * Usage: ./swapin.d         a summary a second
 *        ./swapin.d 5       every 5 seconds
 *
 * Each interval prints the time, then COMM, PID and PAGES, the pages
 * (folios) each process faulted back in from swap, the most last.
 * Swap-ins are page faults that wait for a disk: a process that shows up
 * here every interval is running slower than its code explains. Nothing
 * printed under a time means no swap-ins then (or no swap at all).
 *
 * Probes: fbt::swap_read_folio:entry (Linux 6.7 and later; with -Z, the
 * tool runs where it is missing) and fbt::swap_readpage:entry (earlier
 * kernels): kernel functions, so this needs a kernel where fbt probes
 * attach, fentry or kprobes.
 */
#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	interval = $1 > 0 ? $1 : 1;
	printf("Counting swap-ins every %d seconds... Hit Ctrl-C to end.\n",
	    interval);
}

fbt::swap_read_folio:entry,
fbt::swap_readpage:entry
{
	@pages[execname, pid] = count();
}

tick-1s
/++secs >= interval/
{
	printf("\n%-20Y\n%-16s %7s %8s\n", walltimestamp, "COMM", "PID", "PAGES");
	printa("%-16s %7d %@8d\n", @pages);
	trunc(@pages);
	secs = 0;
}
