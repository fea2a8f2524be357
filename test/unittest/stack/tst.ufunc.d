/* @@trigger: mkdir -p /tmp/dtrace-stack && cc -O0 -fno-omit-frame-pointer -o /tmp/dtrace-stack/ustackprog unittest/stack/testdata/ustackprog.c && exec /tmp/dtrace-stack/ustackprog */
/* @@nosort */
#pragma D option quiet

/*
 * ucaller is where the process was when the probe fired: in c.
 * ufunc() and usym() name its function, umod() its object, uaddr() and
 * %A add the offset.
 */
syscall::getppid:entry
/execname == "ustackprog"/
{
	trace(ufunc(ucaller));
	printf("\n");
	trace(usym(ucaller));
	printf("\n");
	trace(umod(ucaller));
	printf("\n");
	trace(uaddr(ucaller));
	printf("\n%A\n", ufunc(ucaller));
	exit(0);
}
