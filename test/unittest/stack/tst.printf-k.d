/* @@trigger: mkdir -p /tmp/dtrace-stack && cc -O0 -fno-omit-frame-pointer -o /tmp/dtrace-stack/ustackprog unittest/stack/testdata/ustackprog.c && exec /tmp/dtrace-stack/ustackprog */
/* @@nosort */
#pragma D option quiet

/* %k prints a stack as stack() does; a '-' width indents it. */
syscall::getppid:entry
/execname == "ustackprog"/
{
	printf("user:%k", ustack(2));
	printf("kernel:%-4k", stack(1));
	exit(0);
}
