/* @@trigger: mkdir -p /tmp/dtrace-stack && cc -O0 -fno-omit-frame-pointer -o /tmp/dtrace-stack/ustackprog unittest/stack/testdata/ustackprog.c && exec /tmp/dtrace-stack/ustackprog */
/* @@nosort */
#pragma D option quiet

/* stack() and ustack() key one aggregation, as in the profile idiom. */
int n;

syscall::getppid:entry
/execname == "ustackprog" && n < 3/
{
	@[stack(1)] = count();
	@[ustack(1)] = count();
	n++;
}

syscall::getppid:entry
/n == 3/
{
	exit(0);
}
