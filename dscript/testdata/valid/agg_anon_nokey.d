/* Exercises: anonymous aggregation @ with no key and sum(). */
syscall::write:entry
{
	@ = sum(arg2);
}
