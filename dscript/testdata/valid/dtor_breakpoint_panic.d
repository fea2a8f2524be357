/* Exercises: destructive breakpoint() and panic() guarded by impossible-in-practice predicates. */
#pragma D option destructive

syscall::reboot:entry
/uid == 12345 && execname == "debug-breakpoint"/
{
	breakpoint();
}

syscall::reboot:entry
/uid == 12345 && execname == "debug-panic"/
{
	panic();
}
