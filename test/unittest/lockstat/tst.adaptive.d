/* @@pre: sh unittest/lockstat/build.sh */
/* @@trigger: exec /tmp/dtrace-lockstat/contend-dio */

/*
 * adaptive-block and adaptive-spin pass the mutex the thread began
 * waiting for (contention_begin's, LCB_F_MUTEX), which it now owns
 * (args[0], a struct mutex *, has the thread as its owner, below the
 * flags' three bits), and a time above 0 and below ten seconds: firings
 * that do not are printed.
 */
#pragma D option quiet

int nb, ns;

rawtp:::contention_begin
/execname == "contend-dio" && (arg1 & 32)/
{
	self->lock = arg0;
}

lockstat:::adaptive-block,
lockstat:::adaptive-spin
/execname == "contend-dio" && self->lock && (arg0 != self->lock || (int64_t)arg1 <= 0 || arg1 >= 10000000000 ||
    (args[0]->owner.counter & ~7) != (long)curthread)/
{
	printf("%s: lock %x, taking %x, time %d, owner %x\n", probename, arg0, self->lock, (int64_t)arg1,
	    args[0]->owner.counter);
}

lockstat:::adaptive-block
/execname == "contend-dio" && self->lock/
{
	nb++;
}

lockstat:::adaptive-spin
/execname == "contend-dio" && self->lock/
{
	ns++;
}

lockstat:::adaptive-block,
lockstat:::adaptive-spin
/nb >= 50 && ns >= 50/
{
	exit(0);
}

END
{
	printf("adaptive-block and adaptive-spin fired 50 times or more: %d\n", nb >= 50 && ns >= 50);
}
