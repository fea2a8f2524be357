BEGIN
{
	@ = 1; /* ERROR D_AGG_FUNC "^@_ must be assigned the result of an aggregating function$" */
}
