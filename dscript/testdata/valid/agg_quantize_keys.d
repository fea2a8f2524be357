/* Exercises: quantize() with zero, one and two keys. */
syscall::read:return
/(int)arg0 > 0/
{
	@all = quantize(arg0);
	@byexec[execname] = quantize(arg0);
	@byboth[execname, pid] = quantize(arg0);
}
