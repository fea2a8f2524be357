/* Exercises: io provider start/done probes used with simple counting (no args[] dereference). */
io:::start
{
	@starts[execname] = count();
}

io:::done
{
	@done = count();
}
