BEGIN
{
	@a[trace(1)] = count(); /* ERROR D_KEY_TYPE "^void expression may not be used as aggregation index: key #1$" */
}
