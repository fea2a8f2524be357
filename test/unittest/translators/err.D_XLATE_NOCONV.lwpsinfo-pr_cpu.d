/*
 * DTrace's lwpsinfo_t translator defines no conversion for pr_cpu: reading
 * it is a compile-time error.
 */
BEGIN
{
	trace(curlwpsinfo->pr_cpu);
	exit(0);
}
