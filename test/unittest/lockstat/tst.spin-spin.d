/* @@pre: sh unittest/lockstat/build.sh */
/* @@trigger: exec /tmp/dtrace-lockstat/contend-pipe */

/*
 * Threads writing and reading one pipe spin for spin locks (its wait
 * queues', the run queues'): spin-spin passes the lock they began
 * spinning for (contention_begin's, LCB_F_SPIN), and a time above 0 and
 * below ten seconds. Firings that do not are printed. (This kernel traces
 * every waiter: its spin locks are paravirtual.)
 */
#pragma D option quiet

int n;

rawtp:::contention_begin
/execname == "contend-pipe" && arg1 == 1/
{
	self->lock = arg0;
}

lockstat:::spin-spin
/execname == "contend-pipe" && self->lock && (arg0 != self->lock || (int64_t)arg1 <= 0 || arg1 >= 10000000000)/
{
	printf("%s: lock %x, taking %x, time %d\n", probename, arg0, self->lock, (int64_t)arg1);
}

lockstat:::spin-spin
/execname == "contend-pipe" && self->lock/
{
	n++;
}

lockstat:::spin-spin
/n >= 5/
{
	exit(0);
}

END
{
	printf("spin-spin fired 5 times or more: %d\n", n >= 5);
}
