BEGIN
{
	@b = count();
	a[1, @b] = 1; /* ERROR D_KEY_TYPE "^aggregation expression may not be used as associative array index: key #2$" */
}
