#!/usr/bin/env -S dtrace -qs
/*
 * biosnoop.d: every block device I/O request, one line as it completes,
 * with the process that caused it and how long the device took.
 *
 * Usage: ./biosnoop.d
 *
 * Columns: TIME(s), seconds since the tool started when the request
 * completed; COMM and PID, the process that submitted it (for writes
 * from the page cache, usually a kworker or the file system's thread;
 * for direct I/O and reads that missed the cache, the application);
 * DISK; T, R read, W write, F flush, D discard, O other; SECTOR, the
 * first 512-byte sector; BYTES; QUE(ms), the time the request waited
 * in the kernel's queue before being issued to the driver, and LAT(ms),
 * from issue to completion (microseconds after the dot). A high LAT is
 * the device; a high QUE with a low LAT is queueing (many requests at
 * once, or a scheduler holding them back). Sectors that jump around are
 * random I/O; steadily rising ones, sequential.
 *
 * Probes: sdt:block::block_io_start (in the submitting process),
 * block_rq_issue, block_rq_complete.
 */
#pragma D option quiet
#pragma D option switchrate=10hz

BEGIN
{
	start = timestamp;
	op[0] = "R"; op[1] = "W"; op[2] = "F"; op[3] = "D";
	printf("%-10s %-16s %7s %-8s %1s %12s %8s %10s %10s\n", "TIME(s)",
	    "COMM", "PID", "DISK", "T", "SECTOR", "BYTES", "QUE(ms)", "LAT(ms)");
}

sdt:block::block_io_start
{
	queued[arg0] = timestamp;
	who[arg0] = pid;
	name[arg0] = execname;
}

sdt:block::block_rq_issue
{
	issued[arg0] = timestamp;
	bytes[arg0] = args[0]->__data_len;
	sector[arg0] = args[0]->__sector;
}

sdt:block::block_rq_complete
/issued[arg0]/
{
	this->now = timestamp;
	this->t = this->now - start;
	this->lat = (this->now - issued[arg0]) / 1000;
	this->que = queued[arg0] ? (issued[arg0] - queued[arg0]) / 1000 : 0;
	this->op = args[0]->cmd_flags & 0xff;
	printf("%6d.%03d %-16s %7d %-8s %1s %12d %8d %6d.%03d %6d.%03d\n",
	    this->t / 1000000000, this->t / 1000000 % 1000,
	    queued[arg0] ? name[arg0] : "?", who[arg0],
	    stringof(args[0]->q->disk->disk_name),
	    this->op <= 3 ? op[this->op] : "O", sector[arg0], bytes[arg0],
	    this->que / 1000, this->que % 1000, this->lat / 1000,
	    this->lat % 1000);
	issued[arg0] = 0;
	queued[arg0] = 0;
	who[arg0] = 0;
	name[arg0] = 0;
	bytes[arg0] = 0;
	sector[arg0] = 0;
}
