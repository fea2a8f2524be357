BEGIN
{
	@a[1] = count();
	@a[1]; /* ERROR D_AGG_NULL "^expression has null effect: @a$" */
}
