/* @@trigger: mkdir -p /tmp/dtrace-stack && cc -O0 -fno-omit-frame-pointer -o /tmp/dtrace-stack/ustackprog unittest/stack/testdata/ustackprog.c && exec taskset -c 0 /tmp/dtrace-stack/ustackprog */
/* @@nosort */
#pragma D option quiet
#pragma D option aggsize=80

/*
 * The table of the stacks that key aggregations holds as many stacks as
 * aggsize holds keys of their PCs, for each key that holds them: here two
 * stacks of up to eight frames (@b's, which never fires, sizes the
 * table's values). @a has room for three keys of one frame, but the
 * third stack finds the table full: it is not counted under another
 * stack but as an aggregation drop (on CPU 0, where the program runs).
 */
int n;

syscall::getppid:entry
/execname == "ustackprog" && n < 3/
{
	@a[ustack(1)] = count();
	@a[ustack(2)] = count();
	@a[ustack(3)] = count();
	n++;
}

syscall::getppid:entry
/n == 3/
{
	exit(0);
}

syscall::getppid:entry
/0/
{
	@b[ustack(8)] = count();
}
