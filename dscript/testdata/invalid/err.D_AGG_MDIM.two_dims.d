BEGIN
{
	@a[1][2] = count(); /* ERROR D_AGG_MDIM "^improper attempt to reference @a as a multi-dimensional array$" */
}
