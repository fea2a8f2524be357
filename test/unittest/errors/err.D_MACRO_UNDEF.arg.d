/* $1 without an argument. */
BEGIN
{
	trace($1);
}
