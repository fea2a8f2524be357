/* Without -q, an ERROR clause's firing is shown like any other. */
ERROR
{
}

BEGIN
{
	x = 0;
	x = 1 / x;
}

BEGIN
{
	exit(0);
}
