/* @@pre: sh unittest/lockstat/build.sh */
/* @@trigger: exec /tmp/dtrace-lockstat/contend-file */

/*
 * Threads writing one file wait for its inode's rw_semaphore, as
 * writers: rw-block passes the semaphore they began waiting for
 * (contention_begin's), a time above 0 and below ten seconds and
 * RW_WRITER, and fires where rwsem_down_write_slowpath waits. Firings
 * that do not are printed.
 */
#pragma D option quiet

int n;

rawtp:::contention_begin
/execname == "contend-file" && (arg1 & 6)/
{
	self->lock = arg0;
}

lockstat:::rw-block
/execname == "contend-file" && self->lock && (arg0 != self->lock || (int64_t)arg1 <= 0 || arg1 >= 10000000000 || arg2 != RW_WRITER)/
{
	printf("%s: lock %x, taking %x, time %d, %d\n", probename, arg0, self->lock, (int64_t)arg1, arg2);
}

lockstat:::rw-block
/execname == "contend-file" && self->lock/
{
	@[stack(1)] = count();
	n++;
}

lockstat:::rw-block
/n >= 20/
{
	exit(0);
}

END
{
	printf("rw-block fired 20 times or more: %d\n", n >= 20);
	printa("%k", @);
}
