int ab[0x100000000]; /* ERROR D_DECL_ARRBIG "^array dimension too big$" */

BEGIN
{
	trace(1);
}
