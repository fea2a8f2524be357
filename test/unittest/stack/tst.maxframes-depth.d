/* @@trigger: mkdir -p /tmp/dtrace-stack && cc -O0 -fno-omit-frame-pointer -o /tmp/dtrace-stack/ustackprog unittest/stack/testdata/ustackprog.c && exec /tmp/dtrace-stack/ustackprog */
#pragma D option quiet
#pragma D option maxframes=1

/*
 * stackdepth and ustackdepth count the frames of a stack read into a
 * buffer of maxframes frames, as DTrace's do: they are at most maxframes.
 */
syscall::getppid:entry
/execname == "ustackprog"/
{
	printf("%d %d\n", stackdepth, ustackdepth);
	exit(0);
}
