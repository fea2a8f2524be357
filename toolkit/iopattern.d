#!/usr/bin/env -S dtrace -qs
/*
 * iopattern.d: how random or sequential block device I/O is, a line per
 * interval with the percentage of each, the number and sizes of the
 * requests and the data read and written.
 *
 * Usage: ./iopattern.d              every disk, a line a second
 *        ./iopattern.d 5            every 5 seconds
 *        ./iopattern.d 1 nvme0n1    only the device named nvme0n1
 *
 * Columns: %RAN and %SEQ, the share of requests that started somewhere
 * else than where the device's previous request ended, and of those that
 * started right there; COUNT, the requests; MIN, MAX and AVG, their
 * sizes in bytes; KR and KW, KiB read and written. Disks (and SSDs,
 * less so) do best with sequential I/O; a %RAN near 100 with small AVG
 * on a slow disk is a seek-bound workload. Intervals without I/O print
 * zeros; Ctrl-C prints the interval so far.
 *
 * Probes: io:::start (block_rq_issue), its bufinfo_t and devinfo_t.
 */
#pragma D option quiet
#pragma D option defaultargs

uint64_t last[string];	/* where each device's previous request ended */

BEGIN
{
	interval = $1 > 0 ? $1 : 1;
	printf("%4s %4s %6s %8s %8s %8s %8s %8s\n", "%RAN", "%SEQ", "COUNT",
	    "MIN", "MAX", "AVG", "KR", "KW");
	n = 0; seq = 0; ran = 0; bytes = 0; lo = -1; hi = 0; kr = 0; kw = 0;
}

io:::start
/$$2 == "" || args[1]->dev_statname == $$2/
{
	this->dev = args[1]->dev_statname;
	this->seq = last[this->dev] == args[0]->b_blkno;
	last[this->dev] = args[0]->b_blkno + args[0]->b_bcount / 512;
	seq += this->seq;
	ran += !this->seq;
	n++;
	bytes += args[0]->b_bcount;
	lo = lo < 0 || args[0]->b_bcount < lo ? args[0]->b_bcount : lo;
	hi = args[0]->b_bcount > hi ? args[0]->b_bcount : hi;
	kr += args[0]->b_flags & B_READ ? args[0]->b_bcount : 0;
	kw += args[0]->b_flags & B_READ ? 0 : args[0]->b_bcount;
}

tick-1s
/++secs >= interval/
{
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
	printf("%4d %4d %6d %8d %8d %8d %8d %8d\n", n ? ran * 100 / n : 0,
	    n ? seq * 100 / n : 0, n, n ? lo : 0, hi, n ? bytes / n : 0,
	    kr / 1024, kw / 1024);
	secs = 0;
	report = 0;
	n = 0; seq = 0; ran = 0; bytes = 0; lo = -1; hi = 0; kr = 0; kw = 0;
}
