#!/usr/sbin/dtrace -s
/*
 * Exercises: a large DTraceToolkit-style script (syscall I/O latency
 * reporter).  Stresses the parser with many clauses, pragmas, inlines,
 * struct declarations, thread-locals, tuple-keyed aggregations, formatted
 * printa, interval reporting with tick probes and if/else blocks.
 *
 * USAGE: syslat.d		(Ctrl-C to end)
 *
 * FIELDS:
 *	EXEC	process name
 *	CALL	system call
 *	COUNT	number of calls
 *	AVG	average latency (us)
 *	MAX	maximum latency (us)
 *	BYTES	bytes transferred
 */

#pragma D option quiet
#pragma D option switchrate=10hz
#pragma D option dynvarsize=16m
#pragma D option bufsize=4m
#pragma D option strsize=256

inline int INTERVAL = 5;		/* seconds between reports */
inline int TOPN = 15;			/* rows to show */
inline uint64_t NS_PER_US = 1000;
inline uint64_t SLOW_NS = 10000000;	/* 10 ms */
inline string TOOL = "syslat";

typedef uint64_t nsec_t;

struct totals {
	uint64_t calls;
	uint64_t errors;
	uint64_t bytes;
	nsec_t slowest;
};

struct totals tot;
string slowest_exec;
string slowest_call;
nsec_t start;
int secs;

dtrace:::BEGIN
{
	start = timestamp;
	secs = INTERVAL;
	tot.calls = 0;
	tot.errors = 0;
	tot.bytes = 0;
	tot.slowest = 0;
	slowest_exec = "";
	slowest_call = "";
	printf("%s: tracing I/O syscalls, report every %d s. Ctrl-C to end.\n",
	    TOOL, INTERVAL);
}

/*
 * Entry: remember start time, fd and requested size.
 */
syscall::read:entry,
syscall::write:entry,
syscall::pread64:entry,
syscall::pwrite64:entry,
syscall::readv:entry,
syscall::writev:entry
/pid != $pid/
{
	self->ts = timestamp;
	self->fd = (int)arg0;
	self->req = probefunc == "readv" || probefunc == "writev" ? 0 : arg2;
}

syscall::fsync:entry,
syscall::fdatasync:entry
/pid != $pid/
{
	self->ts = timestamp;
	self->fd = (int)arg0;
	self->req = 0;
}

/*
 * Return: compute latency and classify.
 */
syscall::read:return,
syscall::write:return,
syscall::pread64:return,
syscall::pwrite64:return,
syscall::readv:return,
syscall::writev:return,
syscall::fsync:return,
syscall::fdatasync:return
/self->ts/
{
	this->delta = timestamp - self->ts;
	this->ret = (int64_t)arg0;
	this->kind = self->fd <= 2 ? "tty" : "file";

	tot.calls++;
	if (this->ret < 0) {
		tot.errors++;
		@errs[execname, probefunc, errno] = count();
	} else {
		tot.bytes += this->ret;
		@bytes[execname, probefunc] = sum(this->ret);
	}

	if (this->delta > tot.slowest) {
		tot.slowest = this->delta;
		slowest_exec = execname;
		slowest_call = probefunc;
	}

	@count[execname, probefunc] = count();
	@avg[execname, probefunc] = avg(this->delta / NS_PER_US);
	@max[execname, probefunc] = max(this->delta / NS_PER_US);
	@dist[probefunc] = quantize(this->delta / NS_PER_US);
	@kind[this->kind] = llquantize(this->delta, 10, 3, 9, 10);
	@req = lquantize(self->req / 1024, 0, 256, 16);
}

syscall::read:return,
syscall::write:return,
syscall::pread64:return,
syscall::pwrite64:return,
syscall::readv:return,
syscall::writev:return,
syscall::fsync:return,
syscall::fdatasync:return
/self->ts && timestamp - self->ts > SLOW_NS/
{
	printf("%Y %-16s %-10s fd=%-4d %6d ms\n", walltimestamp, execname,
	    probefunc, self->fd, (timestamp - self->ts) / 1000000);
	@slow[execname, self->fd] = count();
}

/* always clean up thread-locals last */
syscall::read:return,
syscall::write:return,
syscall::pread64:return,
syscall::pwrite64:return,
syscall::readv:return,
syscall::writev:return,
syscall::fsync:return,
syscall::fdatasync:return
/self->ts/
{
	self->ts = 0;
	self->fd = 0;
	self->req = 0;
}

profile:::tick-1sec
{
	secs--;
}

profile:::tick-1sec
/secs == 0/
{
	printf("\n%Y  calls=%d errors=%d bytes=%d\n", walltimestamp,
	    tot.calls, tot.errors, tot.bytes);
	printf("%-16s %-10s %8s %10s %10s\n", "EXEC", "CALL", "COUNT",
	    "AVG(us)", "MAX(us)");
	trunc(@count, TOPN);
	trunc(@avg, TOPN);
	trunc(@max, TOPN);
	printa("%-16s %-10s %@8d %@10d %@10d\n", @count, @avg, @max);
	clear(@count);
	clear(@avg);
	clear(@max);
	secs = INTERVAL;
}

dtrace:::END
{
	this->elapsed = (timestamp - start) / 1000000000;
	printf("\n%s: %d seconds traced\n", TOOL, this->elapsed);
	if (tot.slowest > 0) {
		printf("slowest: %s %s %d us\n", slowest_exec, slowest_call,
		    tot.slowest / NS_PER_US);
	}

	printf("\nBytes by process and call:\n");
	printa("  %-16s %-10s %@12d\n", @bytes);

	printf("\nErrors:\n");
	printa("  %-16s %-10s errno %-4d %@6d\n", @errs);

	printf("\nSlow calls (> %d ms) by fd:\n", SLOW_NS / 1000000);
	printa("  %-16s fd %-4d %@6d\n", @slow);

	printf("\nLatency distributions (us):\n");
	printa(@dist);
	printa(@kind);

	printf("\nRequest size (KB):\n");
	printa(@req);
}
