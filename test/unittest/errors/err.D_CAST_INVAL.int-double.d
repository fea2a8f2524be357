/* An integer cannot be cast to a floating-point type. */
BEGIN
{
	trace((double)1);
}
