/* @@trigger: mkdir -p /tmp/dtrace-stack && cc -O0 -fno-omit-frame-pointer -o /tmp/dtrace-stack/ustackprog unittest/stack/testdata/ustackprog.c && exec /tmp/dtrace-stack/ustackprog */
/* @@nosort */
#pragma D option quiet

/*
 * ustack() at a system call of a program with known frames: c made it,
 * called by b, called by a, called by main.
 */
syscall::getppid:entry
/execname == "ustackprog"/
{
	ustack(4);
	exit(0);
}
