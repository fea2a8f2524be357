BEGIN
{
	@b = count();
	@a[@b] = count(); /* ERROR D_KEY_TYPE "^aggregation expression may not be used as aggregation index: key #1$" */
}
