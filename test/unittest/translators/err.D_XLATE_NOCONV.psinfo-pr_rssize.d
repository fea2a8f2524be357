/*
 * DTrace's psinfo_t translator defines no conversion for pr_rssize: reading
 * it is a compile-time error.
 */
BEGIN
{
	trace(curpsinfo->pr_rssize);
	exit(0);
}
