/* Exercises: %k conversion of a stack() value directly in printf. */
#pragma D option quiet

fbt:vmlinux:oom_kill_process:entry
{
	printf("OOM kill from %s:\n%k\n", execname, stack());
}
