extern int fn(int k, int k); /* ERROR D_DECL_PROTO_FORM "^parameter is already declared in function prototype: k, parameter #2$" */

BEGIN
{
	trace(1);
}
