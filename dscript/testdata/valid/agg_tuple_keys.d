/* Exercises: aggregation keys that are tuples of strings and integers, four elements long. */
syscall:::entry
{
	@[execname, pid, probefunc, uid] = count();
}

END
{
	printa("%-16s %-6d %-20s %-5d %@d\n", @);
}
