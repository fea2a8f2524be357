#!/usr/bin/env -S dtrace -qs
/*
 * biolatency.d: block device I/O latency, as a histogram per disk: the
 * time from when a request is issued to the device driver to when the
 * device completes it.
 *
 * Usage: ./biolatency.d        one set of histograms on Ctrl-C
 *        ./biolatency.d 5      print (and reset) them every 5 seconds
 *
 * Output: for each disk, a power-of-two histogram of latency in
 * microseconds: "value" is a bucket's lower bound, "count" the requests
 * that took at least that long and less than the next bucket's value.
 * Two humps usually mean two kinds of I/O (cache hits in the device and
 * real media access, or reads and writes); a long tail at the bottom is
 * where the occasional very slow request hides, which an average would
 * not show. Queueing in the kernel before issue is not included (see
 * biosnoop.d's per-request view).
 *
 * Probes: sdt:block::block_rq_issue and block_rq_complete.
 */
#pragma D option quiet
#pragma D option defaultargs

BEGIN
{
	interval = $1;
	printf("Tracing block device I/O... Hit Ctrl-C to end.\n");
}

sdt:block::block_rq_issue
{
	issued[arg0] = timestamp;
}

sdt:block::block_rq_complete
/issued[arg0]/
{
	@usecs[stringof(args[0]->q->disk->disk_name)] =
	    quantize((timestamp - issued[arg0]) / 1000);
	issued[arg0] = 0;
}

tick-1s
/interval > 0 && ++secs >= interval/
{
	printf("\n%Y\n", walltimestamp);
	printa("\ndisk = %s\n%@d\n", @usecs);
	clear(@usecs);
	secs = 0;
}

END
/interval == 0/
{
	printa("\ndisk = %s\n%@d\n", @usecs);
}
