/* @@trigger: sh -c 'while :; do umask 0623; sleep 0.1; done' */
#pragma D option quiet

/* In another process, ppid is that process's parent. */
syscall::umask:entry
/arg0 == 0623/
{
	printf("%d %d %d\n", ppid != 0, ppid != pid, ppid == curthread->real_parent->tgid);
	exit(0);
}
