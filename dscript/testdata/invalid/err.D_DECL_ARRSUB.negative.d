int az[-1]; /* ERROR D_DECL_ARRSUB "^positive integral constant expression or tuple signature expected as array declaration subscript$" */

BEGIN
{
	trace(1);
}
