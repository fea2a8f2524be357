/*
 * A string compares with NULL (the constant 0), not with other integers.
 */
BEGIN
{
	s = "abc";
	trace(s == 1);
}
