BEGIN
{
	@a = 1; /* ERROR D_AGG_FUNC "^@a must be assigned the result of an aggregating function$" */
}
