#pragma D option quiet
#pragma D option destructive

/*
 * Every probe is enabled before BEGIN fires, as DTrace enables them: a
 * command that BEGIN runs with system() is seen by the other probes.
 */
BEGIN
{
	system("ln -sf /bin/true /tmp/dtbegin-seen && /tmp/dtbegin-seen");
}

syscall::exit_group:entry
/execname == "dtbegin-seen"/
{
	printf("the command BEGIN ran was seen\n");
	exit(0);
}

tick-5s
{
	printf("the command BEGIN ran was not seen\n");
	exit(1);
}
