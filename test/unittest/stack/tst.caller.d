/* @@trigger: mkdir -p /tmp/dtrace-stack && cc -O0 -fno-omit-frame-pointer -o /tmp/dtrace-stack/ustackprog unittest/stack/testdata/ustackprog.c && exec /tmp/dtrace-stack/ustackprog */
/* @@nosort */
#pragma D option quiet

/*
 * caller is the traced kernel code: where the system call's tracepoint
 * is. sym() and func() name its function, mod() its module, %a adds the
 * offset.
 */
syscall::getppid:entry
/execname == "ustackprog"/
{
	trace(func(caller));
	printf("\n");
	trace(sym(caller));
	printf("\n");
	trace(mod(caller));
	printf("\n%a\n", caller);
	exit(0);
}
