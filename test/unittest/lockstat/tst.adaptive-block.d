/* @@pre: sh unittest/lockstat/build.sh */
/* @@trigger: exec /tmp/dtrace-lockstat/contend-dio */
/* @@post: awk -v frame='^__mutex_lock' -f unittest/lockstat/stacks.awk */

/*
 * The README's example: threads reading one file through one descriptor
 * with O_DIRECT wait for its position's mutex (f_pos_lock) while its
 * holder waits for the disk. adaptive-block fires where __mutex_lock
 * waits, with the times the threads blocked.
 */
#pragma D option quiet

int n;

lockstat:::adaptive-block
/execname == "contend-dio"/
{
	@[stack()] = quantize(arg1);
	n++;
}

lockstat:::adaptive-block
/n >= 50/
{
	exit(0);
}
