/* @@trigger: mkdir -p /tmp/dtrace-stack && cc -O0 -fno-omit-frame-pointer -o /tmp/dtrace-stack/ustackprog unittest/stack/testdata/ustackprog.c && exec /tmp/dtrace-stack/ustackprog */
#pragma D option quiet

/* stackdepth and ustackdepth count the frames stack() and ustack() show. */
syscall::getppid:entry
/execname == "ustackprog"/
{
	printf("%d %d\n", stackdepth, ustackdepth >= 4);
	exit(0);
}
