/* @@trigger: mkdir -p /tmp/dtrace-stack && cc -O0 -fno-omit-frame-pointer -o /tmp/dtrace-stack/ustackprog unittest/stack/testdata/ustackprog.c && exec /tmp/dtrace-stack/ustackprog */
/* @@nosort */
#pragma D option quiet

/* ufunc(), umod() and usym() as aggregation keys. */
int n;

syscall::getppid:entry
/execname == "ustackprog" && n < 3/
{
	@f[ufunc(ucaller)] = count();
	@m[umod(ucaller)] = count();
	@s[usym(ucaller), execname] = count();
	n++;
}

syscall::getppid:entry
/n == 3/
{
	exit(0);
}
