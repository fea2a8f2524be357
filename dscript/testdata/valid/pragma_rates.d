/* Exercises: rate-valued options switchrate/aggrate/cleanrate/statusrate with hz and time suffixes. */
#pragma D option switchrate=10hz
#pragma D option aggrate=1s
#pragma D option cleanrate=50hz
#pragma D option statusrate=500ms

syscall::write:entry
{
	@ = count();
}
