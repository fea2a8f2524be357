struct nosuch v2; /* ERROR D_DECL_INCOMPLETE "^incomplete struct/union/enum struct nosuch: v2$" */

BEGIN
{
	trace(1);
}
