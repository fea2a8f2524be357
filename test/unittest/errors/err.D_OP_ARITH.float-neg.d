/* A double is not of arithmetic type: no unary minus. */
double d;

BEGIN
{
	trace(-d);
}
