/* Exercises: implicitly-typed global variables created by first assignment (int, string, uint64). */
BEGIN
{
	nexec = 0;
	who = "nobody";
	started = timestamp;
}

syscall::execve:entry
{
	nexec = nexec + 1;
	who = execname;
}

END
{
	printf("%d execs, last by %s, %d ns\n", nexec, who, timestamp - started);
}
