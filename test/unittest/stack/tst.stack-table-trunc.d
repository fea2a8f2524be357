/* @@trigger: mkdir -p /tmp/dtrace-stack && cc -O0 -fno-omit-frame-pointer -o /tmp/dtrace-stack/ustackprog unittest/stack/testdata/ustackprog.c && exec taskset -c 0 /tmp/dtrace-stack/ustackprog */
/* @@nosort */
#pragma D option quiet
#pragma D option aggsize=200
#pragma D option switchrate=20ms

/*
 * trunc() removes from the table of stacks those that no key names any
 * more: with room for two stacks (aggsize and @b, which never fires, make it so), two stacks
 * are counted, truncated away, and two other stacks are then counted
 * with no drop. The phases are two seconds apart, so that the consumer has
 * carried out the trunc() before the next stacks are met.
 */
int n;

syscall::getppid:entry
/execname == "ustackprog" && n == 0/
{
	@a[ustack(1)] = count();
	@a[ustack(2)] = count();
	n = 1;
}

tick-1s
/n == 1/
{
	trunc(@a);
	n = 2;
}

tick-1s
/n == 2 && i++ > 1/
{
	n = 3;
}

syscall::getppid:entry
/execname == "ustackprog" && n == 3/
{
	@a[ustack(3)] = count();
	@a[ustack(4)] = count();
	n = 4;
}

syscall::getppid:entry
/n == 4/
{
	exit(0);
}

syscall::getppid:entry
/0/
{
	@b[ustack(20)] = count();
}
