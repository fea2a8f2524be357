/* trace() of a long long: %19ld. */
BEGIN
{
	trace((long long)-5);
	exit(0);
}
