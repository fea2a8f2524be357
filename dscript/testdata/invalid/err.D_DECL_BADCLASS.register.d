register int x; /* ERROR D_DECL_BADCLASS "^specified storage class not appropriate in D$" */

BEGIN
{
	trace(1);
}
