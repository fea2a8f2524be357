BEGIN
{
	trace(arr[0]); /* ERROR D_VAR_UNDEF "^arr has not yet been declared or assigned$" */
}
