/* @@trigger: mkdir -p /tmp/dtrace-stack && cc -O0 -fno-omit-frame-pointer -o /tmp/dtrace-stack/ustackprog unittest/stack/testdata/ustackprog.c && exec /tmp/dtrace-stack/ustackprog */
/* @@nosort */
#pragma D option quiet

/*
 * Stacks key an aggregation by the id of their PCs in a table: the same
 * stack met twice in a firing is one key; stacks sharing their first
 * frames but of different depths, and a kernel stack, are keys of their
 * own.
 */
int n;

syscall::getppid:entry
/execname == "ustackprog" && n < 3/
{
	@[ustack(4)] = count();
	@[ustack(2)] = count();
	@[stack(1)] = count();
	@[ustack(4)] = count();
	@[stack(1)] = count();
	@[stack(1)] = count();
	n++;
}

syscall::getppid:entry
/n == 3/
{
	exit(0);
}
