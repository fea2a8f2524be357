/* Exercises: quantize() with the optional increment (weight) argument. */
syscall::write:entry
{
	@weighted[execname] = quantize(arg2, 2);
	@bycpu = quantize(cpu, arg2);
}
