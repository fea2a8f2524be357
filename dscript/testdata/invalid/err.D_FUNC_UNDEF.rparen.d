/*
 * A call is built, and its function's name looked up, when DTrace's
 * grammar reduces its ')': an unknown name is reported at that line.
 */
BEGIN
{
	nosuchfunction(1,
	    2
	); /* ERROR D_FUNC_UNDEF "^undefined function name: nosuchfunction$" */
}
