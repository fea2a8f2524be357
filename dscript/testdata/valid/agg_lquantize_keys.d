/* Exercises: lquantize() with tuple keys and a negative range step. */
syscall::nanosleep:entry
{
	@sleep[execname, uid] = lquantize((int)arg1 % 1000, -500, 500, 50);
}
