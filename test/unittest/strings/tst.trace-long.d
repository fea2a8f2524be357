/* A string longer than 33 characters is not truncated by trace(). */
BEGIN
{
	trace("abcdefghijklmnopqrstuvwxyz0123456789ABCD");
	exit(0);
}
