/* trace() of a char: %3hhd. */
BEGIN
{
	trace((char)-2);
	exit(0);
}
