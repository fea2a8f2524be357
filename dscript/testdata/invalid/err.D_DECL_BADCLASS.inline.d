inline static int x = 1; /* ERROR D_DECL_BADCLASS "^specified storage class not appropriate for inline declaration$" */

BEGIN
{
	trace(1);
}
