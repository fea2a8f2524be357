BEGIN
{
	timestamp(1); /* ERROR D_FUNC_IDKIND "^scalar 'timestamp' may not be referenced as a function$" */
}
