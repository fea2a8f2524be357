/* @@trigger: mkdir -p /tmp/dtrace-stack && cc -O0 -fno-omit-frame-pointer -o /tmp/dtrace-stack/ustackprog unittest/stack/testdata/ustackprog.c && exec /tmp/dtrace-stack/ustackprog */
/* @@nosort */
#pragma D option quiet

/* stack() at a system call's entry: the kernel's system call path. */
syscall::getppid:entry
/execname == "ustackprog"/
{
	stack();
	exit(0);
}
