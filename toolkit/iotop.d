#!/usr/bin/env -S dtrace -qs
/*
 * iotop.d: the processes causing the most block device I/O, a screenful
 * every few seconds: like top(1), for disks.
 *
 * Usage: ./iotop.d          every 5 seconds
 *        ./iotop.d 1        every second
 *
 * Each interval prints the time, then the 10 busiest (process, device,
 * direction) rows by bytes, the busiest last: PID and COMM of the
 * process that started the requests (writes from the page cache are the
 * flusher's kworker); DEVICE; D, R or W; KBYTES, the total size of the
 * requests in KiB. Ctrl-C prints the interval so far and ends.
 *
 * Probes: io:::start (block_rq_issue).
 */
#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	interval = $1 > 0 ? $1 : 5;
	printf("Tracing block device I/O every %d seconds... Hit Ctrl-C to end.\n",
	    interval);
}

io:::start
{
	@bytes[pid, execname, args[1]->dev_statname,
	    args[0]->b_flags & B_READ ? "R" : "W"] = sum(args[0]->b_bcount);
}

tick-1s
/++secs >= interval/
{
	secs = 0;
	report = 1;
}

END
{
	report = 1;
}

tick-1s,
END
/report/
{
	trunc(@bytes, 10);
	normalize(@bytes, 1024);
	printf("\n%Y\n%7s %-16s %-8s %1s %10s\n", walltimestamp, "PID", "COMM",
	    "DEVICE", "D", "KBYTES");
	printa("%7d %-16s %-8s %1s %@10d\n", @bytes);
	trunc(@bytes);
	report = 0;
}
