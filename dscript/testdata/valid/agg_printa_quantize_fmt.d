/* Exercises: printa() of quantize aggregations with a format string containing %@d. */
#pragma D option quiet

syscall::read:return
/(int)arg0 > 0/
{
	@sz[execname] = quantize(arg0);
}

END
{
	printa("\n%s\n%@d\n", @sz);
}
