extern int fn(int, void); /* ERROR D_DECL_PROTO_VOID "^void must be sole parameter$" */

BEGIN
{
	trace(1);
}
