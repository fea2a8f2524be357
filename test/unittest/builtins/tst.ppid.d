#pragma D option quiet

/* In BEGIN, ppid is dtrace's parent, as $ppid is. */
BEGIN
{
	printf("%d %d\n", ppid == $ppid, ppid == curthread->real_parent->tgid);
	exit(0);
}
