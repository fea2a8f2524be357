/*
 * + takes a string as a pointer (s + n), but not two of them.
 */
BEGIN
{
	x = "a" + "b";
}
