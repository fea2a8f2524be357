/*
 * s[i] is *(s + i): a string is no index of a string.
 */
BEGIN
{
	trace("abc"["d"]);
}
