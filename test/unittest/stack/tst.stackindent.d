/* @@trigger: mkdir -p /tmp/dtrace-stack && cc -O0 -fno-omit-frame-pointer -o /tmp/dtrace-stack/ustackprog unittest/stack/testdata/ustackprog.c && exec /tmp/dtrace-stack/ustackprog */
/* @@nosort */
#pragma D option quiet
#pragma D option stackindent=4

/* stackindent: the blanks before each frame. */
syscall::getppid:entry
/execname == "ustackprog"/
{
	ustack(2);
	stack(1);
	exit(0);
}
