int; /* ERROR D_DECL_USELESS "^useless declaration$" */

BEGIN
{
	trace(1);
}
