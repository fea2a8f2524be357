/* @@trigger: mkdir -p /tmp/dtrace-stack && cc -O0 -fno-omit-frame-pointer -o /tmp/dtrace-stack/ustackprog unittest/stack/testdata/ustackprog.c && exec /tmp/dtrace-stack/ustackprog */
/* @@nosort */
#pragma D option quiet

/* ustack() as an aggregation key: the frames, then the count. */
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
