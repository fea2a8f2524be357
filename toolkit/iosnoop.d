#!/usr/bin/env -S dtrace -qs
/*
 * iosnoop.d: block device I/O through DTrace's stable io provider, one
 * line per request as it completes: who, where on which device, how big,
 * and how long it took.
 *
 * Usage: ./iosnoop.d
 *
 * Columns: TIME(s), seconds since the tool started at completion; UID,
 * PID and COMM of the process that started the request (the
 * application for direct and synchronous I/O, the flusher's kworker
 * for writes from the page cache); D, R or W; DEVICE, the device's name
 * (dev_statname); BLOCK, the request's first 512-byte block; SIZE in
 * bytes; LAT(us), from start to done. Random I/O shows as blocks jumping
 * around, sequential as rising ones; compare LAT across devices and
 * sizes to tell a slow device from large requests.
 *
 * Probes: io:::start and io:::done (block_rq_issue, block_rq_complete),
 * their bufinfo_t and devinfo_t arguments.
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	start = timestamp;
	printf("%-10s %6s %7s %-16s %1s %-8s %12s %8s %10s\n", "TIME(s)", "UID",
	    "PID", "COMM", "D", "DEVICE", "BLOCK", "SIZE", "LAT(us)");
}

io:::start
{
	started[arg0] = timestamp;
	who[arg0] = pid;
	whouid[arg0] = uid;
	name[arg0] = execname;
}

io:::done
/started[arg0]/
{
	this->now = timestamp;
	this->t = this->now - start;
	printf("%6d.%03d %6d %7d %-16s %1s %-8s %12d %8d %10d\n",
	    this->t / 1000000000, this->t / 1000000 % 1000, whouid[arg0],
	    who[arg0], name[arg0], args[0]->b_flags & B_READ ? "R" : "W",
	    args[1]->dev_statname, args[0]->b_blkno, args[0]->b_bcount,
	    (this->now - started[arg0]) / 1000);
	started[arg0] = 0;
	who[arg0] = 0;
	whouid[arg0] = 0;
	name[arg0] = 0;
}
