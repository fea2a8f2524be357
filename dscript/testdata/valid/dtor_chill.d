/* Exercises: destructive chill() to inject delay into a specific process's syscalls. */
#pragma D option destructive

syscall::write:entry
/execname == "slowtest"/
{
	chill(500000);
}
