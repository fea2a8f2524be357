BEGIN
{
	@b = strlen("x"); /* ERROR D_AGG_FUNC "^@b must be assigned the result of an aggregating function$" */
}
