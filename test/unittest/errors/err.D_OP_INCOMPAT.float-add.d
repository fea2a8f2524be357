/* No floating-point addition. */
double d;

BEGIN
{
	trace(d + 1);
}
