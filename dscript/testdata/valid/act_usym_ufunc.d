/* Exercises: usym(), ufunc(), umod() and uaddr() as aggregation keys over user addresses. */
profile-99
/arg1 && execname == "nginx"/
{
	@f[ufunc(arg1)] = count();
	@s[usym(arg1)] = count();
	@m[umod(arg1)] = count();
	@a[uaddr(arg1)] = count();
}

END
{
	printa("%A %@d\n", @f);
}
