#!/usr/bin/env -S dtrace -qs
/*
 * bitesize.d: the sizes of the block device I/O each process causes, as a
 * histogram per process, printed on Ctrl-C.
 *
 * Usage: ./bitesize.d
 *
 * Output: for each process (PID and COMM, as the request was started:
 * writes from the page cache are the flusher's), a power-of-two
 * histogram of request sizes in bytes: "value" is a bucket's lower
 * bound, "count" the requests of that size. Sequential workloads show
 * large requests (128 KiB and up); 4 KiB and 8 KiB requests in volume
 * are random I/O, or a file system and device that could merge more.
 *
 * Probes: io:::start (block_rq_issue).
 */
#pragma D option quiet

BEGIN
{
	printf("Tracing block device I/O... Hit Ctrl-C to end.\n");
}

io:::start
{
	@size[pid, execname] = quantize(args[0]->b_bcount);
}

END
{
	printf("\n%8s  %s\n", "PID", "COMM");
	printa("\n%8d  %s\n%@d\n", @size);
}
