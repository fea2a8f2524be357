/* trace() of an unsigned char: %3hhu. */
BEGIN
{
	trace((unsigned char)254);
	exit(0);
}
