BEGIN
{
	@a = count();
	@a; /* ERROR D_AGG_NULL "^expression has null effect: @a$" */
}
