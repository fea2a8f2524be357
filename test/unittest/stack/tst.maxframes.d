/* @@trigger: mkdir -p /tmp/dtrace-stack && cc -O0 -fno-omit-frame-pointer -o /tmp/dtrace-stack/ustackprog unittest/stack/testdata/ustackprog.c && exec /tmp/dtrace-stack/ustackprog */
/* @@nosort */
#pragma D option quiet
#pragma D option maxframes=1

/*
 * maxframes caps the frames stack() and ustack() capture, silently, even
 * when more are asked for.
 */
syscall::getppid:entry
/execname == "ustackprog"/
{
	stack(5);
	ustack(5);
	exit(0);
}
