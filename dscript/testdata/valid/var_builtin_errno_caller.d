/* Exercises: errno, caller and ucaller builtins, stackdepth and ustackdepth. */
syscall::openat:return
/errno != 0/
{
	@errs[errno] = count();
	@depth = max(ustackdepth);
}

fbt:vmlinux:kmalloc:entry
{
	@callers[caller] = count();
	@kdepth = quantize(stackdepth);
}

profile-97
/arg1/
{
	@u[ucaller] = count();
}
