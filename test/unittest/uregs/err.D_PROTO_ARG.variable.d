/*
 * uregs[]'s index is an integer constant.
 */
BEGIN
{
	i = 3;
	trace(uregs[i]);
	exit(0);
}
