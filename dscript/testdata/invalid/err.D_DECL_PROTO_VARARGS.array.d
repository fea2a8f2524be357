int av[...]; /* ERROR D_DECL_PROTO_VARARGS "^array prototype may not use a variable-length argument list$" */

BEGIN
{
	trace(1);
}
