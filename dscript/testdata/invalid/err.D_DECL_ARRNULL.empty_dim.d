int an[]; /* ERROR D_DECL_ARRNULL "^array declaration requires array dimension or tuple signature: an$" */

BEGIN
{
	trace(1);
}
