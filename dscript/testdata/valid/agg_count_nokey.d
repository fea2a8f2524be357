/* Exercises: named aggregation with no keys using count(). */
syscall::read:entry
{
	@reads = count();
}

END
{
	printa("reads: %@d\n", @reads);
}
