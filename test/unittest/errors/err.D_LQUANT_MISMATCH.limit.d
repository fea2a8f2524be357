/* lquantize() base not below the limit. */
BEGIN
{
	@ = lquantize(1, 10, 5);
}
