/* A compound assignment checks its left side before its right. */
BEGIN
{
	x |= y; /* ERROR D_VAR_UNDEF "^x has not yet been declared or assigned$" */
}
