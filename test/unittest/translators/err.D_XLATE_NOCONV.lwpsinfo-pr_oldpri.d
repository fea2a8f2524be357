/*
 * DTrace's lwpsinfo_t translator defines no conversion for pr_oldpri: reading
 * it is a compile-time error.
 */
BEGIN
{
	trace(curlwpsinfo->pr_oldpri);
	exit(0);
}
