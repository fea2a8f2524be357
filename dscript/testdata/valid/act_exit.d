/* Exercises: exit() with constant and expression arguments. */
BEGIN
{
	deadline = timestamp + 5000000000;
}

tick-1sec
/timestamp > deadline/
{
	exit(0);
}

syscall::kill:entry
/arg1 == 9/
{
	exit(arg1 + 1);
}
