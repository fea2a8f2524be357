/*
 * DTrace's psinfo_t translator defines no conversion for pr_size: reading
 * it is a compile-time error.
 */
BEGIN
{
	trace(curpsinfo->pr_size);
	exit(0);
}
