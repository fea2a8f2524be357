/* Exercises: * as the whole function field (syscall::*:return) with errno-based predicate. */
#pragma D option quiet

syscall::*:return
/(int)arg0 == -1 && errno != 0/
{
	@errs[probefunc, errno] = count();
}

END
{
	printa("%-20s errno=%-4d %@d\n", @errs);
}
