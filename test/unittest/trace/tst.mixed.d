/* Several trace() records on one line. */
BEGIN
{
	trace(1);
	trace("two");
	trace((long long)3);
	exit(0);
}
