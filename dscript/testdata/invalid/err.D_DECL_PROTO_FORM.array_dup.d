int ad[int k, int k]; /* ERROR D_DECL_PROTO_FORM "^parameter is already declared in array prototype: k, parameter #2$" */

BEGIN
{
	trace(1);
}
