/* @@trigger: mkdir -p /tmp/dtrace-stack && cc -O0 -fno-omit-frame-pointer -o /tmp/dtrace-stack/ustackprog unittest/stack/testdata/ustackprog.c && exec /tmp/dtrace-stack/ustackprog */
/* @@nosort */
#pragma D option quiet

/*
 * An ERROR clause sees the stacks of the probe that faulted: stack(),
 * ustack(), caller (as an aggregation key too) and stackdepth are those
 * of the system call's entry, as in tst.stack, tst.ustack and tst.caller
 * of the stack tests. The kernel stack is cut to its first frame: the
 * caller of syscall_trace_enter is at one of two places in do_syscall_64,
 * by a path of the kernel's that the test does not choose.
 */
ERROR
{
	stack(1);
	ustack(4);
	printf("%a %d\n", caller, stackdepth);
	@[caller] = count();
	exit(0);
}

syscall::getppid:entry
/execname == "ustackprog"/
{
	x = 0;
	x = 1 / x;
}

END
{
	printa("%a %@d\n", @);
}
