/* Exercises: the last statement of a clause may omit its semicolon. */
BEGIN
{
	n = 3;
	trace(n)
}

tick-1s
{
	exit(0)
}
