int ap[static int]; /* ERROR D_DECL_PARMCLASS "^inappropriate storage class for function or associative array parameter$" */

BEGIN
{
	trace(1);
}
