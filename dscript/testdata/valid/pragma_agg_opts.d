/* Exercises: aggregation display options aggsortkey, aggsortrev, aggsortpos, aggsortkeypos, aggpercpu. */
#pragma D option aggsortkey
#pragma D option aggsortrev
#pragma D option aggsortpos=0
#pragma D option aggsortkeypos=1
#pragma D option aggpercpu

syscall:::entry
{
	@[execname, probefunc] = count();
}
