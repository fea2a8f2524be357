/* @@pre: sh unittest/lockstat/build.sh */
/* @@trigger: exec /tmp/dtrace-lockstat/contend-rw */

/*
 * Threads taking tasklist_lock (a rwlock_t) for reading (kill(-1, 0))
 * and for writing (setpgid) spin for it: rw-spin passes the lock they
 * began spinning for (contention_begin's), a time above 0 and below ten
 * seconds, and RW_READER or RW_WRITER, and fires where the slow path of
 * each spins. Firings that do not are printed.
 */
#pragma D option quiet

int r, w;

rawtp:::contention_begin
/execname == "contend-rw" && (arg1 & 6)/
{
	self->lock = arg0;
}

lockstat:::rw-spin
/execname == "contend-rw" && self->lock && (arg0 != self->lock || (int64_t)arg1 <= 0 || arg1 >= 10000000000 || (arg2 != RW_READER && arg2 != RW_WRITER))/
{
	printf("%s: lock %x, taking %x, time %d, %d\n", probename, arg0, self->lock, (int64_t)arg1, arg2);
}

lockstat:::rw-spin
/execname == "contend-rw" && self->lock/
{
	@[arg2 == RW_READER ? "reader" : "writer", stack(1)] = count();
	r += arg2 == RW_READER;
	w += arg2 == RW_WRITER;
}

lockstat:::rw-spin
/r >= 20 && w >= 20/
{
	exit(0);
}

END
{
	printf("readers and writers spun 20 times or more: %d\n", r >= 20 && w >= 20);
	printa("%s %k", @);
}
