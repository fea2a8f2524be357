inline int ia[] = 1; /* ERROR D_DECL_ARRNULL "^inline declaration requires array tuple signature: ia$" */

BEGIN
{
	trace(1);
}
