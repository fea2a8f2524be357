/*
 * DTrace's lwpsinfo_t translator defines no conversion for pr_nice: reading
 * it is a compile-time error.
 */
BEGIN
{
	trace(curlwpsinfo->pr_nice);
	exit(0);
}
