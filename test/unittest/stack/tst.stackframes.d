/* @@trigger: mkdir -p /tmp/dtrace-stack && cc -O0 -fno-omit-frame-pointer -o /tmp/dtrace-stack/ustackprog unittest/stack/testdata/ustackprog.c && exec /tmp/dtrace-stack/ustackprog */
/* @@nosort */
#pragma D option quiet
#pragma D option stackframes=1
#pragma D option ustackframes=2

/* stackframes and ustackframes: the frames of stack() and ustack(). */
syscall::getppid:entry
/execname == "ustackprog"/
{
	stack();
	ustack();
	exit(0);
}
