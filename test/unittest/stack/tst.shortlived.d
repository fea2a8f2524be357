/* @@trigger: mkdir -p /tmp/dtrace-stack && cc -O0 -fno-omit-frame-pointer -o /tmp/dtrace-stack/ustackprog unittest/stack/testdata/ustackprog.c && while :; do /tmp/dtrace-stack/ustackprog once; sleep 0.1; done */
/* @@nosort */
#pragma D option quiet

/*
 * Processes that make one system call and exit 200 ms later: their
 * stacks, printed once they are gone, still resolve (their memory maps
 * were read as they were first seen).
 */
int n;

syscall::getppid:entry
/execname == "ustackprog" && n < 3/
{
	@[ustack(4)] = count();
	n++;
}

syscall::getppid:entry
/n == 3/
{
	exit(0);
}
