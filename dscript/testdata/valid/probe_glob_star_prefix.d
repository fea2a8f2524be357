/* Exercises: glob with trailing * in the function field (syscall::read*:entry). */
syscall::read*:entry
{
	@calls[probefunc] = count();
}
