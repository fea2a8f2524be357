/*
 * A string compares with pointers to char or void, not with others.
 */
BEGIN
{
	s = "abc";
	trace(s != (int *)0);
}
