/* Exercises: tracemem() with constant size, and the three-argument dynamic-size form. */
syscall::write:entry
/arg0 == 1/
{
	tracemem(copyin(arg1, 64), 64);
	tracemem(copyin(arg1, 64), 64, arg2);
}
