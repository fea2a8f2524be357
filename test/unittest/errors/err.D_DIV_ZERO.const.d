/* Constant division by zero. */
BEGIN
{
	x = 1 / 0;
}
