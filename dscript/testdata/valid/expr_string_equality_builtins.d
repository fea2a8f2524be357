/* Exercises: comparing string builtins with each other and with string variables. */
BEGIN
{
	mine = "dtrace";
}

syscall:::entry
/execname == mine && probefunc != probename/
{
	@[probeprov, probefunc] = count();
}
