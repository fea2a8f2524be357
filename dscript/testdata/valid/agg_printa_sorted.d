/* Exercises: aggsortkey/aggsortrev/aggsortpos/aggsortkeypos options with printa of multiple aggs. */
#pragma D option quiet
#pragma D option aggsortkey
#pragma D option aggsortrev
#pragma D option aggsortpos=1
#pragma D option aggsortkeypos=0

syscall::read:return,
syscall::write:return
{
	@c[execname] = count();
	@b[execname] = sum(arg0);
}

END
{
	printa("%-16s %@8d %@12d\n", @c, @b);
}
