/* Exercises: aggregation keyed by func(caller) and printed with %a. */
#pragma D option quiet

fbt:vmlinux:__kmalloc:entry
{
	@callers[func(caller)] = sum(arg0);
}

END
{
	printa("%-48a %@d\n", @callers);
}
