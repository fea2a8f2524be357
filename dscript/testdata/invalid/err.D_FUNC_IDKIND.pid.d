BEGIN
{
	x = pid(); /* ERROR D_FUNC_IDKIND "^scalar 'pid' may not be referenced as a function$" */
}
