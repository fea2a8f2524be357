BEGIN
{
	nosuchfunc(1); /* ERROR D_FUNC_UNDEF "^undefined function name: nosuchfunc$" */
}
