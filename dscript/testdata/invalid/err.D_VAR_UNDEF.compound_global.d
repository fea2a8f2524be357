/* A compound assignment reads its variable first (dt_cook_var). */
BEGIN
{
	x += 1; /* ERROR D_VAR_UNDEF "^x has not yet been declared or assigned$" */
}
