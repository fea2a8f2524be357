/* Exercises: lquantize() with three arguments (step defaults to 1). */
syscall::openat:return
{
	@fds = lquantize((int)arg0, 0, 64);
}
