/* Exercises: the anonymous aggregation @ with and without keys (printed automatically at exit). */
syscall:::entry
{
	@[probefunc] = count();
}
