/* @@trigger: mkdir -p /tmp/dtrace-stack && cc -O0 -fno-omit-frame-pointer -o /tmp/dtrace-stack/ustackprog unittest/stack/testdata/ustackprog.c && exec /tmp/dtrace-stack/ustackprog */
/* @@nosort */

/* Without -q: the probe's line, then the frames, then an empty line. */
syscall::getppid:entry
/execname == "ustackprog"/
{
	ustack(4);
	exit(0);
}
