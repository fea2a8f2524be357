/* Without -q, a clause whose predicate is false prints nothing. */
BEGIN
/0/
{
	trace(1);
}

BEGIN
{
	trace(2);
	exit(0);
}
